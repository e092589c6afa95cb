import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { STORY_MESSAGES } from "../../../../core/stories/generation-events";
import { renderWithApp } from "../../../test/render";
import { ImageDialog } from "./image-dialog";

const imagePath = "/api/stories/noah-and-the-ark/layers/1/image";

async function askForAnImage() {
  const { user } = renderWithApp(
    <ImageDialog slug="noah-and-the-ark" layer={1} open onOpenChange={() => {}} />,
  );
  const dialog = screen.getByRole("dialog", { name: "Create Image for This Story" });
  await user.click(within(dialog).getByRole("button", { name: "Create Image" }));
  return dialog;
}

describe("the image dialog", () => {
  it("says 'Failed to generate image' in the red box when the network fails", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    const dialog = await askForAnImage();
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(STORY_MESSAGES.imageFailed);
  });

  it("shows the server's own words when the drawing fails", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        calls.push(new URL(String(input), location.href).pathname);
        return Response.json(
          { error: { code: "invalid_style", message: STORY_MESSAGES.invalidStyle } },
          { status: 400 },
        );
      }),
    );
    const dialog = await askForAnImage();
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(STORY_MESSAGES.invalidStyle);
    expect(calls).toEqual([imagePath]);
  });
});
