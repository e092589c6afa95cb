import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../../test/render";
import { StoryText } from "../../stories/components/story-text";
import { VERSE_POPOVER_MESSAGES } from "./verse-popover";

/** A fetch that answers the verses route when the test says so, to see the popover's waiting state. */
function stubVersesFetch() {
  const requests: string[] = [];
  let respond: (response: Response) => void = () => {};
  const fetchMock = vi.fn((url: string | URL | Request) => {
    requests.push(String(url));
    return new Promise<Response>((resolve) => (respond = resolve));
  });
  vi.stubGlobal("fetch", fetchMock);
  return { requests, respond: (status: number, body: unknown) => respond(Response.json(body, { status })) };
}

afterEach(() => vi.unstubAllGlobals());

const LUKE_15_20 =
  "“He arose and came to his father. But while he was still far off, his father saw him and was moved with compassion, and ran, fell on his neck, and kissed him.";

describe("a verse reference in the story text", () => {
  it("opens a popover with the verse from the World English Bible, and Escape gives focus back", async () => {
    const fetch = stubVersesFetch();
    const { user } = renderWithApp(<StoryText text="The father ran (Luke 15:20) down the road." />);
    const reference = screen.getByRole("button", { name: "Luke 15:20" });
    expect(reference).toHaveAttribute("aria-expanded", "false");

    await user.click(reference);
    const popover = await screen.findByRole("dialog", { name: "Luke 15:20" });
    expect(reference).toHaveAttribute("aria-expanded", "true");
    expect(within(popover).getByText(VERSE_POPOVER_MESSAGES.loading)).toBeInTheDocument();
    expect(fetch.requests).toEqual(["/api/bible/verses?ref=Luke+15%3A20"]);

    fetch.respond(200, { reference: "Luke 15:20", verses: [{ ref: "Luke 15:20", text: LUKE_15_20 }] });
    expect(await within(popover).findByText(LUKE_15_20)).toBeInTheDocument();
    expect(within(popover).getByText("World English Bible")).toBeInTheDocument();

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(reference).toHaveFocus();
    expect(reference).toHaveAttribute("aria-expanded", "false");
  });

  it("numbers the verses of a range and closes with its Close button", async () => {
    const fetch = stubVersesFetch();
    const { user } = renderWithApp(<StoryText text="David spoke (1 Samuel 17:45-46)." />);
    const reference = screen.getByRole("button", { name: "1 Samuel 17:45-46" });
    await user.click(reference);
    fetch.respond(200, {
      reference: "1 Samuel 17:45-46",
      verses: [
        { ref: "1 Samuel 17:45", text: "Then David said to the Philistine," },
        { ref: "1 Samuel 17:46", text: "Today, Yahweh will deliver you into my hand." },
      ],
    });
    const popover = await screen.findByRole("dialog", { name: "1 Samuel 17:45-46" });
    expect(await within(popover).findByText("45")).toBeInTheDocument();
    expect(within(popover).getByText("46")).toBeInTheDocument();
    expect(popover).toHaveTextContent(
      "45Then David said to the Philistine, 46Today, Yahweh will deliver you",
    );

    await user.click(within(popover).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(reference).toHaveFocus();
  });

  it("says where to look when the verse is not in the library", async () => {
    const fetch = stubVersesFetch();
    const { user } = renderWithApp(<StoryText text="See Obadiah 1:4 too." />);
    await user.click(screen.getByRole("button", { name: "Obadiah 1:4" }));
    fetch.respond(200, { reference: "Obadiah 1:4", verses: [] });
    const popover = await screen.findByRole("dialog", { name: "Obadiah 1:4" });
    expect(
      await within(popover).findByText(
        "This verse isn't in our library yet. Look it up in your Bible: Obadiah 1:4.",
      ),
    ).toBeInTheDocument();
  });

  it("does not ask for a passage across chapters, and points to the Bible instead", async () => {
    const fetch = stubVersesFetch();
    const { user } = renderWithApp(<StoryText text="Read Genesis 6:5-9:17 tonight." />);
    await user.click(screen.getByRole("button", { name: "Genesis 6:5-9:17" }));
    const popover = await screen.findByRole("dialog", { name: "Genesis 6:5-9:17" });
    expect(popover).toHaveTextContent(VERSE_POPOVER_MESSAGES.notInLibrary("Genesis 6:5-9:17"));
    expect(fetch.requests).toEqual([]);
  });

  it("says so when the verse could not be loaded", async () => {
    const fetch = stubVersesFetch();
    const { user } = renderWithApp(<StoryText text="The father ran (Luke 15:20)." />);
    await user.click(screen.getByRole("button", { name: "Luke 15:20" }));
    fetch.respond(500, { error: { code: "internal", message: "Something went wrong" } });
    const popover = await screen.findByRole("dialog", { name: "Luke 15:20" });
    expect(await within(popover).findByRole("alert")).toHaveTextContent(VERSE_POPOVER_MESSAGES.failed);
  });
});
