import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { GroupProgress as Progress } from "../../../../core/schemas/assignments";
import { renderWithApp } from "../../../test/render";
import { apiError, stubApi } from "../../family/family-test-data";
import { GROUP_ID, makeAssignment, makeRow } from "./assignment-test-data";
import { GroupProgress } from "./group-progress";

const PROGRESS = `GET /api/groups/${GROUP_ID}/progress`;
const { mine: _mine, ...assignment } = makeAssignment();

const progress: Progress = {
  assignment,
  rows: [
    makeRow({
      userId: "u-ruth",
      username: "ruth_reads",
      layersRead: 2,
      completed: true,
      score: { right: 4, asked: 6 },
      lastActiveDay: "2026-11-24",
      storiesCompleted: 5,
    }),
    makeRow({ userId: "u-david", username: "david", storiesCompleted: 1 }),
    makeRow({
      userId: "u-abby",
      username: "abby",
      layersRead: 1,
      score: { right: 1, asked: 1 },
      lastActiveDay: "2026-11-20",
      storiesCompleted: 9,
    }),
  ],
};

/** The rows' cells as text, top to bottom. */
function tableRows() {
  return within(screen.getByRole("table"))
    .getAllByRole("row")
    .slice(1)
    .map((row) => Array.from(row.children, (cell) => cell.textContent));
}

const memberOrder = () => tableRows().map(([name]) => name);

describe("the Progress tab", () => {
  it("shows one row per member, in a captioned table with sortable column headers", async () => {
    stubApi({ [PROGRESS]: Response.json(progress) });
    renderWithApp(<GroupProgress groupId={GROUP_ID} />);

    const table = await screen.findByRole("table", { name: "Members' progress on Daniel in the Lions' Den" });
    const headers = within(table).getAllByRole("columnheader");
    expect(headers.map((header) => header.textContent)).toEqual([
      "Member",
      "Layers read",
      "Completed",
      "Score",
      "Last active",
      "Stories completed",
    ]);
    for (const header of headers) expect(header).toHaveAttribute("scope", "col");
    expect(tableRows()).toEqual([
      ["abby", "1 of 2 layers", "No", "1 of 1 right", "Nov 20, 2026", "9"],
      ["david", "0 of 2 layers", "No", "—", "Not yet", "1"],
      ["ruth_reads", "2 of 2 layers", "Yes", "4 of 6 right", "Nov 24, 2026", "5"],
    ]);
    expect(within(table).getByRole("columnheader", { name: "Member" })).toHaveAttribute(
      "aria-sort",
      "ascending",
    );
  });

  it("sorts by a column when its header is clicked, and reverses on a second click", async () => {
    stubApi({ [PROGRESS]: Response.json(progress) });
    const { user } = renderWithApp(<GroupProgress groupId={GROUP_ID} />);
    await screen.findByRole("table");
    const header = (name: string) => screen.getByRole("columnheader", { name });

    await user.click(screen.getByRole("button", { name: "Layers read" }));
    expect(memberOrder()).toEqual(["david", "abby", "ruth_reads"]);
    expect(header("Layers read")).toHaveAttribute("aria-sort", "ascending");
    expect(header("Member")).not.toHaveAttribute("aria-sort");

    await user.click(screen.getByRole("button", { name: "Layers read" }));
    expect(memberOrder()).toEqual(["ruth_reads", "abby", "david"]);
    expect(header("Layers read")).toHaveAttribute("aria-sort", "descending");

    await user.click(screen.getByRole("button", { name: "Score" }));
    expect(memberOrder()).toEqual(["david", "ruth_reads", "abby"]);
    await user.click(screen.getByRole("button", { name: "Stories completed" }));
    expect(memberOrder()).toEqual(["david", "ruth_reads", "abby"]);
    await user.click(screen.getByRole("button", { name: "Last active" }));
    expect(memberOrder()).toEqual(["david", "abby", "ruth_reads"]);

    // The keyboard works the headers too.
    screen.getByRole("button", { name: "Completed" }).focus();
    await user.keyboard("{Enter}");
    expect(header("Completed")).toHaveAttribute("aria-sort", "ascending");
    expect(memberOrder()).toEqual(["abby", "david", "ruth_reads"]);
    await user.keyboard(" ");
    expect(header("Completed")).toHaveAttribute("aria-sort", "descending");
    expect(memberOrder()).toEqual(["ruth_reads", "abby", "david"]);
  });

  it("downloads the CSV under the name the server gave it", async () => {
    const saved: { name: string; href: string }[] = [];
    stubApi({
      [PROGRESS]: Response.json(progress),
      [`GET /api/groups/${GROUP_ID}/progress.csv`]: new Response("Member,Layers read\n", {
        headers: {
          "content-type": "text/csv",
          "content-disposition": 'attachment; filename="progress-sunday-explorers-2026-11-26.csv"',
        },
      }),
    });
    // jsdom has neither object URLs nor downloads: record what the browser would have been given.
    vi.stubGlobal(
      "URL",
      class extends URL {
        static createObjectURL = () => "blob:csv";
        static revokeObjectURL = () => {};
      },
    );
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    const { user } = renderWithApp(<GroupProgress groupId={GROUP_ID} />);
    await user.click(await screen.findByRole("button", { name: "Download CSV" }));

    expect(await screen.findByText("Saved as progress-sunday-explorers-2026-11-26.csv.")).toBeInTheDocument();
    expect(saved).toEqual([{ name: "progress-sunday-explorers-2026-11-26.csv", href: "blob:csv" }]);
  });

  it("says why the CSV could not be downloaded", async () => {
    stubApi({
      [PROGRESS]: Response.json(progress),
      [`GET /api/groups/${GROUP_ID}/progress.csv`]: apiError(403, "leaders_only", "Only leaders."),
    });
    const { user } = renderWithApp(<GroupProgress groupId={GROUP_ID} />);
    await user.click(await screen.findByRole("button", { name: "Download CSV" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Only leaders.");
  });

  it("offers to try again when the progress cannot be loaded", async () => {
    let fail = true;
    stubApi({
      [PROGRESS]: () => (fail ? apiError(500, "x", "Something went wrong") : Response.json(progress)),
    });
    const { user } = renderWithApp(<GroupProgress groupId={GROUP_ID} />);
    expect(screen.getByRole("status")).toHaveTextContent("Loading progress...");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("We couldn't load the group's progress.");
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table")).toBeInTheDocument();
  });

  it("says so when the group has no members to show, and when no story is set", async () => {
    stubApi({ [PROGRESS]: Response.json({ assignment: null, rows: [] }) });
    renderWithApp(<GroupProgress groupId={GROUP_ID} />);
    expect(await screen.findByText(/No members yet/)).toBeInTheDocument();
    expect(screen.getByText(/No story is set this week/)).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("writes '—' for the layers when no story is set", async () => {
    stubApi({ [PROGRESS]: Response.json({ assignment: null, rows: [makeRow({ layersAssigned: 0 })] }) });
    renderWithApp(<GroupProgress groupId={GROUP_ID} />);
    await screen.findByRole("table", { name: "Members' progress" });
    expect(tableRows()).toEqual([["ruth_reads", "—", "No", "—", "Not yet", "0"]]);
  });
});
