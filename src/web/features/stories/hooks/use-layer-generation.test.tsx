import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { GUARDRAIL_MESSAGES } from "../../../../core/schemas/moderation";
import { renderWithApp } from "../../../test/render";
import { useLayerGeneration } from "./use-layer-generation";

/** Each generation request answered by the next list of SSE events. */
function stubGenerations(answers: object[][]) {
  const encoder = new TextEncoder();
  const fetch = vi.fn(async () => {
    const events = answers.shift() ?? [];
    return new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (const event of events)
            controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
          controller.close();
        },
      }),
      { headers: { "Content-Type": "text/event-stream" } },
    );
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

function Harness() {
  const { state, generate } = useLayerGeneration("creation");
  return (
    <>
      <button type="button" onClick={() => generate(1)}>
        Generate Story with AI
      </button>
      <p data-testid="status">{state.status}</p>
      <p data-testid="text">{state.text}</p>
      {state.error && <p role="alert">{state.error}</p>}
    </>
  );
}

describe("useLayerGeneration and a withheld text", () => {
  it("drops what was shown, says the kind message where a failure would show, and lets the reader try again", async () => {
    const fetch = stubGenerations([
      [
        { type: "delta", text: "In the beginning God " },
        { type: "withheld", message: GUARDRAIL_MESSAGES.story },
      ],
      [
        { type: "delta", text: "In the beginning God created." },
        { type: "done", content: "In the beginning God created.", xp: 10, level: 1, xpAwarded: 10 },
      ],
    ]);
    const { user } = renderWithApp(<Harness />);
    await user.click(screen.getByRole("button", { name: "Generate Story with AI" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(GUARDRAIL_MESSAGES.story);
    expect(screen.getByTestId("status")).toHaveTextContent("error");
    expect(screen.getByTestId("text")).toBeEmptyDOMElement();

    await user.click(screen.getByRole("button", { name: "Generate Story with AI" }));
    await vi.waitFor(() => expect(screen.getByTestId("status")).toHaveTextContent("done"));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
