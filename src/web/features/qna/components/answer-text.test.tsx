import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "../../../test/render";
import { AnswerText, splitStoryLinks } from "./answer-text";

describe("story links in an answer", () => {
  it("takes a trailing markdown link to a story page", () => {
    expect(
      splitStoryLinks("David trusted God.\n\n[Read David and Goliath](/stories/david-and-goliath)\n"),
    ).toEqual({
      body: "David trusted God.",
      links: [{ label: "Read David and Goliath", slug: "david-and-goliath" }],
    });
  });

  it("takes the library's bare address, its lead-in becoming the link's text", () => {
    expect(splitStoryLinks("He helped.\n\nRead the whole story: /stories/the-good-samaritan")).toEqual({
      body: "He helped.",
      links: [{ label: "Read the whole story", slug: "the-good-samaritan" }],
    });
    expect(splitStoryLinks("More in /stories/jonah")).toEqual({
      body: "More in",
      links: [{ label: "/stories/jonah", slug: "jonah" }],
    });
  });

  it("leaves anything else as text", () => {
    for (const text of [
      "[Click](https://example.com/stories/x)",
      "[Click](//evil.example/stories/x)",
      "[Click](/stories/x)!",
      "[Click](/stories/../admin)",
      "[Click](javascript:alert(1))",
      "See /stories/david-and-goliath for more.",
    ])
      expect(splitStoryLinks(text)).toEqual({ body: text, links: [] });
  });

  it("shows links only once the answer is complete, and never as HTML", () => {
    const text =
      '<img src=x onerror="alert(1)"> **Brave**\n\n[Read David and Goliath](/stories/david-and-goliath)';
    renderWithApp(<AnswerText text={text} streaming={false} />);
    expect(screen.getByRole("link", { name: "Read David and Goliath" })).toHaveAttribute(
      "href",
      "/stories/david-and-goliath",
    );
    expect(screen.getByText(/<img src=x onerror="alert\(1\)">/)).toBeInTheDocument();
    expect(document.querySelector("img")).toBeNull();
  });

  it("keeps a link still arriving as text", () => {
    renderWithApp(<AnswerText text="Read the whole story: /stories/david-and-go" streaming />);
    expect(screen.queryByRole("link")).not.toBeInTheDocument();
  });
});
