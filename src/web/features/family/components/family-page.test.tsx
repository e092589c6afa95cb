import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { FAMILY_MESSAGES } from "../../../../core/family";
import { renderWithApp } from "../../../test/render";
import { apiError, gate, makeChild, stubApi, withSession } from "../family-test-data";
import { formatLastActiveDay } from "./child-card";
import FamilyPage from "./family-page";

const parentSession = withSession({ role: "parent", hasChildren: true, email: "mum@example.org" });

function renderPage() {
  return renderWithApp(<FamilyPage />, { path: "/family", seed: parentSession });
}

const card = (username: string) => screen.getByRole("article", { name: username });
const dialog = () => screen.getByRole("dialog");

/** jsdom has neither object URLs nor downloads: record what the browser would have been given. */
function catchDownloads() {
  const saved: string[] = [];
  vi.stubGlobal(
    "URL",
    class extends URL {
      static createObjectURL = () => "blob:data";
      static revokeObjectURL = () => {};
    },
  );
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

describe("'Your family'", () => {
  it("shows a card per child with their progress, groups, last day and parents", async () => {
    stubApi({
      "GET /api/family": Response.json({
        children: [
          makeChild({
            achievements: [
              { id: "first_story", name: "First Story" },
              { id: "dedicated_reader", name: "Dedicated Reader" },
            ],
            groups: ["Sunday Explorers", "Psalm Singers"],
            parents: ["mum@example.org", "dad@example.org"],
          }),
          makeChild({
            id: "child-2",
            username: "sam_teen",
            ageBand: "13-17",
            level: 5,
            xp: 480,
            achievements: [],
            groups: [],
            lastActiveDay: "2026-03-04",
            permissions: null,
          }),
        ],
      }),
    });
    renderPage();

    const ruth = await screen.findByRole("article", { name: "ruth_reads" });
    expect(within(ruth).getByText("Age under 13")).toBeInTheDocument();
    const stat = (label: string) => within(ruth).getByText(label).nextElementSibling;
    expect(stat("Level")).toHaveTextContent("3");
    expect(stat("XP")).toHaveTextContent("240");
    expect(stat("Layers read")).toHaveTextContent("7");
    expect(stat("Stories completed")).toHaveTextContent("2");
    expect(stat("Last active")).toHaveTextContent("Not yet");
    expect(within(ruth).getByText("First Story")).toBeInTheDocument();
    expect(within(ruth).getByText("Dedicated Reader")).toBeInTheDocument();
    expect(within(ruth).getByText("Sunday Explorers")).toBeInTheDocument();
    expect(within(ruth).getByText("Psalm Singers")).toBeInTheDocument();
    expect(within(ruth).getByText("dad@example.org")).toBeInTheDocument();
    expect(within(ruth).getAllByRole("switch")).toHaveLength(4);

    const sam = card("sam_teen");
    expect(within(sam).getByText("Last active").nextElementSibling).toHaveTextContent("Mar 4, 2026");
    expect(within(sam).getByText("Not in a group yet")).toBeInTheDocument();
    // A teen's parent sees, and does not switch.
    expect(within(sam).queryByRole("switch")).not.toBeInTheDocument();
    expect(within(sam).getByText(FAMILY_MESSAGES.teenNoSwitches)).toBeInTheDocument();
  });

  it("says 'Today' and 'Yesterday' for the last active day, in the reader's own calendar", () => {
    const now = new Date(2026, 10, 21, 23, 30);
    expect(formatLastActiveDay("2026-11-21", now)).toBe("Today");
    expect(formatLastActiveDay("2026-11-20", now)).toBe("Yesterday");
    expect(formatLastActiveDay("2026-11-02", now)).toBe("Nov 2, 2026");
    expect(formatLastActiveDay(null, now)).toBe("Not yet");
  });

  it("shows the cards' shapes while loading, then says when there are no children", async () => {
    const held = gate();
    stubApi({
      "GET /api/family": async () => {
        await held.promise;
        return Response.json({ children: [] });
      },
    });
    renderPage();
    expect(screen.getByText("Loading your family")).toHaveRole("status");
    held.release();
    expect(await screen.findByRole("heading", { name: FAMILY_MESSAGES.noChildren })).toBeInTheDocument();
    expect(screen.getByText(FAMILY_MESSAGES.noChildrenHint)).toBeInTheDocument();
  });

  it("says when the family could not be loaded, and tries again", async () => {
    let fail = true;
    const calls = stubApi({
      "GET /api/family": () =>
        fail ? apiError(500, "internal", "Something went wrong") : Response.json({ children: [makeChild()] }),
    });
    const { user } = renderPage();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(FAMILY_MESSAGES.familyLoadFailed);
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("article", { name: "ruth_reads" })).toBeInTheDocument();
    expect(calls.filter((call) => call.pathname === "/api/family")).toHaveLength(2);
  });
});

describe("a child's switches", () => {
  it("are labelled as the consent page labels them, and send all four at once", async () => {
    const held = gate();
    const calls = stubApi({
      "GET /api/family": Response.json({ children: [makeChild()] }),
      "PUT /api/family/children/child-1/permissions": async (call) => {
        await held.promise;
        return Response.json({ permissions: call.body });
      },
    });
    const { user } = renderPage();
    const aiHelper = await screen.findByRole("switch", { name: "AI helper" });
    expect(screen.getByRole("switch", { name: "Study groups and chat" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    expect(screen.getByRole("switch", { name: "Photos and videos" })).toHaveAttribute(
      "aria-checked",
      "false",
    );
    expect(aiHelper).toHaveAttribute("aria-checked", "true");

    await user.click(aiHelper);
    // The switch moves at once, before the server has answered.
    expect(aiHelper).toHaveAttribute("aria-checked", "false");
    held.release();
    await waitFor(() =>
      expect(
        within(card("ruth_reads"))
          .getAllByRole("status")
          .map((node) => node.textContent),
      ).toContain(FAMILY_MESSAGES.switchesSaved),
    );
    expect(aiHelper).toHaveAttribute("aria-checked", "false");
    expect(calls.filter((call) => call.method === "PUT")).toEqual([
      {
        method: "PUT",
        pathname: "/api/family/children/child-1/permissions",
        body: { groups: true, aiHelper: false, media: false, notifications: false },
      },
    ]);
  });

  it("work from the keyboard", async () => {
    const calls = stubApi({
      "GET /api/family": Response.json({ children: [makeChild()] }),
      "PUT /api/family/children/child-1/permissions": (call) => Response.json({ permissions: call.body }),
    });
    const { user } = renderPage();
    const media = await screen.findByRole("switch", { name: "Photos and videos" });
    media.focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(media).toHaveAttribute("aria-checked", "true"));
    await user.keyboard(" ");
    await waitFor(() => expect(media).toHaveAttribute("aria-checked", "false"));
    expect(calls.filter((call) => call.method === "PUT").map((call) => call.body)).toEqual([
      { groups: true, aiHelper: true, media: true, notifications: false },
      { groups: true, aiHelper: true, media: false, notifications: false },
    ]);
  });

  it("move back, and say why, when the server refuses", async () => {
    stubApi({
      "GET /api/family": Response.json({ children: [makeChild()] }),
      "PUT /api/family/children/child-1/permissions": apiError(
        404,
        "child_not_found",
        FAMILY_MESSAGES.childNotFound,
      ),
    });
    const { user } = renderPage();
    const groups = await screen.findByRole("switch", { name: "Study groups and chat" });
    await user.click(groups);
    expect(await screen.findByRole("alert")).toHaveTextContent(FAMILY_MESSAGES.childNotFound);
    expect(groups).toHaveAttribute("aria-checked", "true");
    expect(screen.queryByText(FAMILY_MESSAGES.switchesSaved)).not.toBeInTheDocument();
  });
});

describe("'Reset password'", () => {
  it("sets the child's new password once it meets the checklist, and says so on the card", async () => {
    const calls = stubApi({
      "GET /api/family": Response.json({ children: [makeChild()] }),
      "POST /api/family/children/child-1/password": Response.json({ ok: true }),
    });
    const { user } = renderPage();
    const opener = await screen.findByRole("button", { name: "Reset password" });
    await user.click(opener);
    expect(dialog()).toHaveAccessibleName("Reset ruth_reads's password");
    expect(within(dialog()).getByLabelText("New password")).toHaveFocus();

    await user.type(within(dialog()).getByLabelText("New password"), "abc");
    await user.type(within(dialog()).getByLabelText("Confirm new password"), "abc");
    await user.click(within(dialog()).getByRole("button", { name: "Set new password" }));
    expect(within(dialog()).getByRole("alert")).toHaveTextContent("at least 6 characters");
    expect(calls.some((call) => call.method === "POST")).toBe(false);

    await user.clear(within(dialog()).getByLabelText("New password"));
    await user.clear(within(dialog()).getByLabelText("Confirm new password"));
    await user.type(within(dialog()).getByLabelText("New password"), "Lamp-river-2026");
    await user.type(within(dialog()).getByLabelText("Confirm new password"), "Lamp-river-2026");
    await user.keyboard("{Enter}");

    expect(await screen.findByText(FAMILY_MESSAGES.childPasswordSet("ruth_reads"))).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
    expect(calls.filter((call) => call.method === "POST")).toEqual([
      {
        method: "POST",
        pathname: "/api/family/children/child-1/password",
        body: { newPassword: "Lamp-river-2026" },
      },
    ]);
  });

  it("shows the server's reason and stays open", async () => {
    stubApi({
      "GET /api/family": Response.json({ children: [makeChild()] }),
      "POST /api/family/children/child-1/password": apiError(
        400,
        "common_password",
        "That password is too easy to guess. Please choose another.",
      ),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole("button", { name: "Reset password" }));
    await user.type(within(dialog()).getByLabelText("New password"), "password1");
    await user.type(within(dialog()).getByLabelText("Confirm new password"), "password1");
    await user.click(within(dialog()).getByRole("button", { name: "Set new password" }));
    expect(await within(dialog()).findByRole("alert")).toHaveTextContent("too easy to guess");
  });
});

describe("'Download my child's data'", () => {
  it("saves the file the server named", async () => {
    stubApi({
      "GET /api/family": Response.json({ children: [makeChild()] }),
      "GET /api/family/children/child-1/export": new Response(JSON.stringify({ account: {} }), {
        headers: {
          "content-type": "application/json",
          "content-disposition": 'attachment; filename="lamplight-data-2026-05-01.json"',
        },
      }),
    });
    const saved = catchDownloads();
    const { user } = renderPage();
    await user.click(await screen.findByRole("button", { name: "Download my child's data" }));
    expect(
      await screen.findByText(FAMILY_MESSAGES.childDataSaved("lamplight-data-2026-05-01.json")),
    ).toHaveRole("status");
    expect(saved).toEqual(["lamplight-data-2026-05-01.json"]);
  });

  it("says why it failed", async () => {
    stubApi({
      "GET /api/family": Response.json({ children: [makeChild()] }),
      "GET /api/family/children/child-1/export": apiError(
        404,
        "child_not_found",
        FAMILY_MESSAGES.childNotFound,
      ),
    });
    const saved = catchDownloads();
    const { user } = renderPage();
    await user.click(await screen.findByRole("button", { name: "Download my child's data" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(FAMILY_MESSAGES.childNotFound);
    expect(saved).toEqual([]);
  });
});

describe("'Delete my child's account'", () => {
  it("shows the server's answer to a wrong password and keeps the card", async () => {
    const calls = stubApi({
      "GET /api/family": Response.json({ children: [makeChild()] }),
      "POST /api/family/children/child-1/delete": apiError(
        403,
        "wrong_password",
        "That password is not right.",
      ),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole("button", { name: "Delete my child's account" }));
    expect(dialog()).toHaveAccessibleName("Delete ruth_reads's account");
    expect(dialog()).toHaveAccessibleDescription(FAMILY_MESSAGES.deleteChildWarning("ruth_reads"));

    // Nothing is sent without the parent's password.
    expect(within(dialog()).getByRole("button", { name: "Delete their account" })).toBeDisabled();

    await user.type(within(dialog()).getByLabelText("Your password"), "not-it");
    await user.click(within(dialog()).getByRole("button", { name: "Delete their account" }));
    expect(await within(dialog()).findByRole("alert")).toHaveTextContent("That password is not right.");
    expect(calls.filter((call) => call.method === "POST")).toEqual([
      { method: "POST", pathname: "/api/family/children/child-1/delete", body: { password: "not-it" } },
    ]);
    await user.keyboard("{Escape}");
    expect(card("ruth_reads")).toBeInTheDocument();
  });

  it("removes the card once done, says so, and puts the focus on the page's heading", async () => {
    let deleted = false;
    stubApi({
      "GET /api/family": () => Response.json({ children: deleted ? [] : [makeChild()] }),
      "POST /api/family/children/child-1/delete": () => {
        deleted = true;
        return Response.json({ ok: true });
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole("button", { name: "Delete my child's account" }));
    await user.type(within(dialog()).getByLabelText("Your password"), "Parent-pass-1");
    await user.click(within(dialog()).getByRole("button", { name: "Delete their account" }));

    expect(await screen.findByText(FAMILY_MESSAGES.childDeleted("ruth_reads"))).toHaveRole("status");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(screen.queryByRole("article", { name: "ruth_reads" })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("heading", { level: 1, name: "Your family" })).toHaveFocus());
    expect(await screen.findByRole("heading", { name: FAMILY_MESSAGES.noChildren })).toBeInTheDocument();
  });
});

describe("'Add a parent or guardian'", () => {
  it("sends the invitation and says where it went", async () => {
    const calls = stubApi({
      "GET /api/family": Response.json({ children: [makeChild()] }),
      "POST /api/family/children/child-1/invite": Response.json({ ok: true }),
    });
    const { user } = renderPage();
    const opener = await screen.findByRole("button", { name: "Add a parent or guardian" });
    await user.click(opener);
    expect(dialog()).toHaveAccessibleName("Add a parent or guardian");
    const email = within(dialog()).getByLabelText("Email");
    expect(email).toHaveFocus();
    await user.type(email, "dad@example.org");
    await user.click(within(dialog()).getByRole("button", { name: "Send invitation" }));

    expect(await screen.findByText("We sent an invitation to dad@example.org.")).toHaveRole("status");
    await waitFor(() => expect(opener).toHaveFocus());
    expect(calls.filter((call) => call.method === "POST")).toEqual([
      { method: "POST", pathname: "/api/family/children/child-1/invite", body: { email: "dad@example.org" } },
    ]);
  });

  it("shows the server's reason when two are already linked", async () => {
    stubApi({
      "GET /api/family": Response.json({ children: [makeChild()] }),
      "POST /api/family/children/child-1/invite": apiError(
        409,
        "too_many_parents",
        FAMILY_MESSAGES.tooManyParents,
      ),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole("button", { name: "Add a parent or guardian" }));
    await user.type(within(dialog()).getByLabelText("Email"), "gran@example.org");
    await user.click(within(dialog()).getByRole("button", { name: "Send invitation" }));
    expect(await within(dialog()).findByRole("alert")).toHaveTextContent(FAMILY_MESSAGES.tooManyParents);
    expect(within(dialog()).getByLabelText("Email")).toHaveValue("gran@example.org");
  });
});
