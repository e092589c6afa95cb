import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StoryText } from "./story-text";

const caretOf = (container: HTMLElement) => container.querySelector("[data-streaming-caret]");

describe("StoryText", () => {
  it("renders # to #### as h2 to h5, below the page's own h1", () => {
    render(<StoryText text={"# One\n\n## Two\n\n### Three\n\n#### Four"} />);
    expect(screen.getByRole("heading", { level: 2, name: "One" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 3, name: "Two" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 4, name: "Three" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 5, name: "Four" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { level: 1 })).not.toBeInTheDocument();
  });

  it("renders paragraphs and **bold** as <strong>", () => {
    const { container } = render(<StoryText text={"The father **ran** to him.\n\nHe was home."} />);
    const paragraphs = container.querySelectorAll("p");
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]).toHaveTextContent("The father ran to him.");
    expect(within(paragraphs[0] as HTMLElement).getByText("ran").tagName).toBe("STRONG");
    expect(container).not.toHaveTextContent("**");
  });

  it("renders verse references as highlighted <cite> buttons with an aria-hidden book icon", () => {
    const { container } = render(<StoryText text="David spoke (1 Samuel 17:45-47) at Level 2:30." />);
    const cites = container.querySelectorAll("cite");
    expect(cites).toHaveLength(1);
    expect(cites[0]).toHaveTextContent("1 Samuel 17:45-47");
    expect(cites[0]?.querySelector("svg")).toHaveAttribute("aria-hidden", "true");
    expect(screen.getByRole("button", { name: "1 Samuel 17:45-47" })).toHaveAttribute(
      "aria-haspopup",
      "dialog",
    );
    expect(screen.getByText(/at Level 2:30\./).tagName).toBe("P");
  });

  it("sets quotes in the story text's own typeface, in its italic", () => {
    const { container } = render(<StoryText text={'He said:\n\n> "Yahweh is my shepherd." (Psalm 23:1)'} />);
    expect(container.firstElementChild).toHaveClass("font-story");
    const quote = container.querySelector("blockquote");
    expect(quote).toHaveClass("italic");
    expect(quote?.className).not.toMatch(/font-(serif|mono|sans)/);
  });

  it("renders a quote as a Scripture <blockquote>, keeping its line breaks", () => {
    const { container } = render(
      <StoryText text={"> The Lord is my shepherd;\n> I shall lack nothing. (Psalm 23:1)"} />,
    );
    const quote = container.querySelector("blockquote");
    expect(quote).toHaveTextContent("The Lord is my shepherd; I shall lack nothing. (Psalm 23:1)");
    expect(quote?.textContent).toContain("shepherd;\nI shall");
    expect(
      within(quote as HTMLElement)
        .getByRole("button", { name: "Psalm 23:1" })
        .closest("cite"),
    ).not.toBeNull();
  });

  it("renders a question in its own group with an aria-hidden icon", () => {
    render(<StoryText text={"The son came home.\n\nWhat would you have said?"} />);
    const question = screen.getByRole("group", { name: "Question to think about" });
    expect(question).toHaveTextContent("What would you have said?");
    expect(question.querySelector("svg")).toHaveAttribute("aria-hidden", "true");
    expect(screen.getAllByRole("group")).toHaveLength(1);
  });

  it("renders - and * lines as one bulleted list", () => {
    render(<StoryText text={"- Pray\n* Read **Luke 15**\n- Share"} />);
    const list = screen.getByRole("list");
    expect(list.tagName).toBe("UL");
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual(["Pray", "Read Luke 15", "Share"]);
  });

  it("renders Try: and Challenge: lines as labelled action cards", () => {
    render(<StoryText text={"try: Say thank you.\nChallenge: Forgive someone, as in Colossians 3:13."} />);
    const tryCard = screen.getByRole("group", { name: "Try" });
    expect(tryCard).toHaveTextContent("Say thank you.");
    expect(tryCard).not.toHaveTextContent("try:");
    const challenge = screen.getByRole("group", { name: "Challenge" });
    expect(challenge).toHaveTextContent("Forgive someone, as in Colossians 3:13.");
    expect(within(challenge).getByRole("button", { name: "Colossians 3:13" }).closest("cite")).not.toBeNull();
    for (const card of [tryCard, challenge]) {
      expect(card.querySelector("svg")).toHaveAttribute("aria-hidden", "true");
    }
  });

  it("shows markup from a model as literal text, never as elements", () => {
    const hostile = '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n# <b onclick="x()">Hi</b>';
    const { container } = render(<StoryText text={hostile} />);
    expect(screen.getByText("<script>alert(1)</script>")).toBeVisible();
    expect(screen.getByText("<img src=x onerror=alert(1)>")).toBeVisible();
    expect(screen.getByRole("heading", { level: 2, name: '<b onclick="x()">Hi</b>' })).toBeInTheDocument();
    expect(container.querySelector("script, img, b, [onerror], [onclick]")).toBeNull();
  });

  it("shows an aria-hidden caret and aria-busy while streaming, and neither when done", () => {
    const { container, rerender } = render(<StoryText text="The father saw him **fr" streaming />);
    const region = container.firstElementChild;
    expect(region).toHaveAttribute("aria-busy", "true");
    expect(region).not.toHaveAttribute("aria-live");
    const caret = caretOf(container);
    expect(caret).toHaveAttribute("aria-hidden", "true");
    // The caret follows the last words, and the unclosed ** shows as typed until it closes.
    expect(caret?.parentElement).toHaveTextContent("The father saw him **fr");

    rerender(<StoryText text={"The father saw him **from far away**.\n\n- one\n- tw"} streaming />);
    expect(screen.getByText("from far away").tagName).toBe("STRONG");
    expect(caretOf(container)?.parentElement?.tagName).toBe("LI");
    expect(caretOf(container)?.parentElement).toHaveTextContent("tw");

    rerender(<StoryText text={"The father saw him **from far away**.\n\n- one\n- two"} />);
    expect(region).not.toHaveAttribute("aria-busy", "true");
    expect(caretOf(container)).toBeNull();
  });

  it("shows only the caret before the first words arrive", () => {
    const { container } = render(<StoryText text="#" streaming />);
    expect(caretOf(container)).not.toBeNull();
    expect(container).toHaveTextContent(/^$/);
  });
});
