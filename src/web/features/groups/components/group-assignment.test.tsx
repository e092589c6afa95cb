import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ASSIGNMENT_MESSAGES } from "../../../../core/schemas/assignments";
import { renderWithApp } from "../../../test/render";
import { apiError, stubApi } from "../../family/family-test-data";
import { catalogue, GROUP_ID, makeAssignment } from "./assignment-test-data";
import { GroupAssignment } from "./group-assignment";

const ASSIGNMENT = `/api/groups/${GROUP_ID}/assignment`;

describe("This week's story, as a member sees it", () => {
  it("shows the story, the layers, the due day, their own progress and the way to it", async () => {
    stubApi({ [`GET ${ASSIGNMENT}`]: Response.json({ assignment: makeAssignment() }) });
    renderWithApp(<GroupAssignment groupId={GROUP_ID} canLead={false} />);

    const card = await screen.findByRole("region", { name: "This week's story" });
    expect(within(card).getByText("Daniel in the Lions' Den")).toBeInTheDocument();
    expect(card).toHaveTextContent("Read layers 1–2 · Due Friday, 27 November");
    expect(within(card).getByText(ASSIGNMENT_MESSAGES.progressLayers(1, 2))).toBeInTheDocument();
    const bar = within(card).getByRole("progressbar", { name: "Your progress" });
    expect(bar).toHaveAttribute("aria-valuenow", "1");
    expect(bar).toHaveAttribute("aria-valuemax", "2");
    expect(bar).toHaveAttribute("aria-valuetext", "1 of 2 layers");
    expect(within(card).getByRole("link", { name: "Read it now" })).toHaveAttribute(
      "href",
      "/stories/daniel-lions-den",
    );
    expect(within(card).queryByText("Completed")).not.toBeInTheDocument();
    expect(within(card).queryByRole("button")).not.toBeInTheDocument();
  });

  it("says 'Completed' and 'Read layer 1' for a one-layer story they finished, with no due day", async () => {
    stubApi({
      [`GET ${ASSIGNMENT}`]: Response.json({
        assignment: makeAssignment({ layers: 1, dueDate: null, mine: { layersRead: 1, completed: true } }),
      }),
    });
    renderWithApp(<GroupAssignment groupId={GROUP_ID} canLead={false} />);
    const card = await screen.findByRole("region", { name: "This week's story" });
    expect(card).toHaveTextContent("Read layer 1");
    expect(card).not.toHaveTextContent("Due");
    expect(within(card).getByText("1 of 1 layers")).toBeInTheDocument();
    expect(within(card).getByText("Completed")).toBeInTheDocument();
  });

  it("shows nothing when no story is set", async () => {
    stubApi({ [`GET ${ASSIGNMENT}`]: Response.json({ assignment: null }) });
    const { queryClient } = renderWithApp(<GroupAssignment groupId={GROUP_ID} canLead={false} />);
    await waitFor(() => expect(queryClient.getQueryState(["assignment", GROUP_ID])?.status).toBe("success"));
    expect(screen.queryByRole("region", { name: "This week's story" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Set this week's story" })).not.toBeInTheDocument();
  });
});

describe("This week's story, as the group's owner or a leader sets it", () => {
  it("sets one from the empty state: the PUT body, the card after, the focus on its heading", async () => {
    let current: ReturnType<typeof makeAssignment> | null = null;
    const calls = stubApi({
      [`GET ${ASSIGNMENT}`]: () => Response.json({ assignment: current }),
      "GET /api/stories": Response.json(catalogue),
      [`PUT ${ASSIGNMENT}`]: () => {
        current = makeAssignment({ dueDate: "2099-12-04", mine: { layersRead: 0, completed: false } });
        return Response.json({ assignment: current });
      },
    });
    const { user } = renderWithApp(<GroupAssignment groupId={GROUP_ID} canLead />);

    const empty = await screen.findByRole("region", { name: "This week's story" });
    expect(empty).toHaveTextContent("No story is set.");
    await user.click(within(empty).getByRole("button", { name: "Set this week's story" }));

    const dialog = await screen.findByRole("dialog", { name: "Set this week's story" });
    const story = within(dialog).getByRole("combobox", { name: "Story" });
    expect(story).toHaveFocus();
    expect(within(dialog).getByRole("button", { name: "Set story" })).toBeDisabled();
    await within(dialog).findByRole("option", { name: "Daniel in the Lions' Den" });
    await user.selectOptions(story, "daniel-lions-den");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Layers to read" }), "2");
    await user.type(within(dialog).getByLabelText("Due date (optional)"), "2099-12-04");
    await user.click(within(dialog).getByRole("button", { name: "Set story" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({
      storySlug: "daniel-lions-den",
      layers: 2,
      dueDate: "2099-12-04",
    });
    const card = screen.getByRole("region", { name: "This week's story" });
    expect(card).toHaveTextContent("Daniel in the Lions' Den");
    expect(card).toHaveTextContent("0 of 2 layers");
    expect(screen.getByRole("status")).toHaveTextContent(ASSIGNMENT_MESSAGES.set);
    await waitFor(() => expect(screen.getByRole("heading", { name: "This week's story" })).toHaveFocus());
  });

  it("keeps the dialog open with the server's reason when it refuses", async () => {
    stubApi({
      [`GET ${ASSIGNMENT}`]: Response.json({ assignment: null }),
      "GET /api/stories": Response.json(catalogue),
      [`PUT ${ASSIGNMENT}`]: apiError(422, "due_in_past", ASSIGNMENT_MESSAGES.dueInPast),
    });
    const { user } = renderWithApp(<GroupAssignment groupId={GROUP_ID} canLead />);
    await user.click(await screen.findByRole("button", { name: "Set this week's story" }));
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByRole("option", { name: "Creation" });
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Story" }), "creation");
    await user.click(within(dialog).getByRole("button", { name: "Set story" }));

    expect(await within(dialog).findByRole("alert")).toHaveTextContent(ASSIGNMENT_MESSAGES.dueInPast);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("changes the story set, in the same dialog filled in with it", async () => {
    const calls = stubApi({
      [`GET ${ASSIGNMENT}`]: Response.json({ assignment: makeAssignment() }),
      "GET /api/stories": Response.json(catalogue),
      [`PUT ${ASSIGNMENT}`]: Response.json({ assignment: makeAssignment({ layers: 3 }) }),
    });
    const { user } = renderWithApp(<GroupAssignment groupId={GROUP_ID} canLead />);
    const change = await screen.findByRole("button", { name: "Change" });
    await user.click(change);

    const dialog = await screen.findByRole("dialog", { name: "Change this week's story" });
    await within(dialog).findByRole("option", { name: "Creation" });
    expect(within(dialog).getByRole("combobox", { name: "Story" })).toHaveValue("daniel-lions-den");
    expect(within(dialog).getByRole("combobox", { name: "Layers to read" })).toHaveValue("2");
    expect(within(dialog).getByLabelText("Due date (optional)")).toHaveValue("2026-11-27");

    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Layers to read" }), "3");
    await user.clear(within(dialog).getByLabelText("Due date (optional)"));
    await user.click(within(dialog).getByRole("button", { name: "Set story" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === "PUT")?.body).toEqual({
      storySlug: "daniel-lions-den",
      layers: 3,
      dueDate: null,
    });
    // The button that opened it is still there: the focus goes back to it.
    await waitFor(() => expect(screen.getByRole("button", { name: "Change" })).toHaveFocus());
  });

  it("clears the story after asking, and offers to set one again", async () => {
    let current: ReturnType<typeof makeAssignment> | null = makeAssignment();
    const calls = stubApi({
      [`GET ${ASSIGNMENT}`]: () => Response.json({ assignment: current }),
      [`DELETE ${ASSIGNMENT}`]: () => {
        current = null;
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderWithApp(<GroupAssignment groupId={GROUP_ID} canLead />);
    await user.click(await screen.findByRole("button", { name: "Clear" }));

    const dialog = await screen.findByRole("dialog", { name: "Clear this week's story?" });
    await user.click(within(dialog).getByRole("button", { name: "Clear" }));

    expect(await screen.findByRole("button", { name: "Set this week's story" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === "DELETE")).toHaveLength(1);
    expect(screen.getByRole("status")).toHaveTextContent(ASSIGNMENT_MESSAGES.cleared);
    await waitFor(() => expect(screen.getByRole("heading", { name: "This week's story" })).toHaveFocus());
  });

  it("shows why clearing failed, and keeps the story", async () => {
    stubApi({
      [`GET ${ASSIGNMENT}`]: Response.json({ assignment: makeAssignment() }),
      [`DELETE ${ASSIGNMENT}`]: apiError(403, "leaders_only", ASSIGNMENT_MESSAGES.leadersOnly),
    });
    const { user } = renderWithApp(<GroupAssignment groupId={GROUP_ID} canLead />);
    await user.click(await screen.findByRole("button", { name: "Clear" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Clear" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(ASSIGNMENT_MESSAGES.leadersOnly);
  });
});
