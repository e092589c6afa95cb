import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MEMORY_VERSE_MESSAGES } from "../../../../core/memory-verses";
import { renderWithApp } from "../../../test/render";
import { learntVerse, stubApi } from "../test-api";
import { MyVerses, nextReviewLabel } from "./my-verses";

describe("My verses", () => {
  it("lists each learnt verse with its story, its box and when it comes back", async () => {
    stubApi({
      "GET /api/memory-verses": {
        body: {
          verses: [
            learntVerse({ box: 1, due: true }),
            learntVerse({
              story: { slug: "moses-and-the-exodus", title: "Moses and the Exodus" },
              reference: "Exodus 14:14",
              text: "Yahweh will fight for you, and you shall be still.”",
              box: 2,
              dueOn: "2099-01-01",
              due: false,
            }),
          ],
          dueToday: 1,
        },
      },
    });
    renderWithApp(<MyVerses />);
    const section = (await screen.findByRole("heading", { name: MEMORY_VERSE_MESSAGES.myVerses })).closest(
      "section",
    ) as HTMLElement;
    const items = await within(section).findAllByRole("listitem");
    expect(items).toHaveLength(2);
    const [genesis, exodus] = items as [HTMLElement, HTMLElement];
    expect(within(genesis).getByText("Genesis 1:1")).toBeInTheDocument();
    expect(within(genesis).getByRole("link", { name: "Creation" })).toHaveAttribute(
      "href",
      "/stories/creation",
    );
    expect(genesis).toHaveTextContent("Box 1 of 5");
    expect(genesis).toHaveTextContent("Review today");
    expect(within(exodus).getByRole("link", { name: "Moses and the Exodus" })).toBeInTheDocument();
    expect(exodus).toHaveTextContent("Box 2 of 5");
    expect(exodus).toHaveTextContent(/Next review .*1/);
  });

  it("points a reader with no verses yet to the stories", async () => {
    stubApi({ "GET /api/memory-verses": { body: { verses: [], dueToday: 0 } } });
    renderWithApp(<MyVerses />);
    expect(await screen.findByText(/No verses yet/)).toHaveTextContent(
      `No verses yet. Each story has a memory verse: open one in Stories and choose '${MEMORY_VERSE_MESSAGES.learn}'.`,
    );
    expect(screen.getByRole("link", { name: "Stories" })).toHaveAttribute("href", "/stories");
  });

  it("says when a verse comes back: today, tomorrow, or its day", () => {
    expect(nextReviewLabel("2026-11-20", true, "2026-11-26")).toBe("Review today");
    expect(nextReviewLabel("2026-11-27", false, "2026-11-26")).toBe("Next review tomorrow");
    expect(nextReviewLabel("2026-12-03", false, "2026-11-26")).toMatch(/^Next review .*3/);
    expect(nextReviewLabel("2026-12-03", false, "2026-11-26")).toMatch(/Dec/);
  });
});
