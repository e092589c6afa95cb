import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FAMILY_MESSAGES } from "../../../../core/family";
import { renderWithApp } from "../../../test/render";
import { apiError, stubApi, withSession } from "../../family/family-test-data";
import { AddParentSection } from "./add-parent-section";
import ProfilePage from "./profile-page";

const section = () => screen.getByRole("region", { name: "Add a parent" });

describe("a teen's 'Add a parent'", () => {
  it("lists the parents linked and those invited, masked", async () => {
    stubApi({
      "GET /api/family/parents": Response.json({
        parents: ["mum@example.org"],
        invited: ["d•••@example.org"],
      }),
    });
    renderWithApp(<AddParentSection />, { seed: withSession({ canAddParent: true }) });
    expect(await within(section()).findByText("mum@example.org")).toBeInTheDocument();
    expect(within(section()).getByText("d•••@example.org")).toBeInTheDocument();
    expect(within(section()).getByText("(invited, waiting for a yes)")).toBeInTheDocument();
  });

  it("says when no parent is linked, invites one, and shows them as invited", async () => {
    let invited: string[] = [];
    const calls = stubApi({
      "GET /api/family/parents": () => Response.json({ parents: [], invited }),
      "POST /api/family/parents": () => {
        invited = ["p•••@example.org"];
        return Response.json({ ok: true });
      },
    });
    const { user } = renderWithApp(<AddParentSection />, { seed: withSession({ canAddParent: true }) });
    expect(await within(section()).findByText(FAMILY_MESSAGES.noParentsYet)).toBeInTheDocument();

    const field = within(section()).getByLabelText("A parent's email");
    await user.type(field, "pat@example.org");
    await user.click(within(section()).getByRole("button", { name: "Add a parent" }));

    expect(await within(section()).findByText("We sent an invitation to pat@example.org.")).toHaveRole(
      "status",
    );
    expect(field).toHaveValue("");
    expect(await within(section()).findByText("p•••@example.org")).toBeInTheDocument();
    expect(calls.filter((call) => call.method === "POST")).toEqual([
      { method: "POST", pathname: "/api/family/parents", body: { email: "pat@example.org" } },
    ]);
  });

  it("shows the server's reason when the invitation is refused", async () => {
    stubApi({
      "GET /api/family/parents": Response.json({ parents: [], invited: [] }),
      "POST /api/family/parents": apiError(429, "too_many_requests", FAMILY_MESSAGES.tooManyInvites),
    });
    const { user } = renderWithApp(<AddParentSection />, { seed: withSession({ canAddParent: true }) });
    await user.type(await within(section()).findByLabelText("A parent's email"), "pat@example.org");
    await user.keyboard("{Enter}");
    expect(await within(section()).findByRole("alert")).toHaveTextContent(FAMILY_MESSAGES.tooManyInvites);
    expect(within(section()).getByLabelText("A parent's email")).toHaveValue("pat@example.org");
  });
});

describe("the profile page", () => {
  const profile = Response.json({
    id: "user-1",
    username: "sam_teen",
    bio: null,
    avatarUrl: null,
    avatarPending: false,
    level: 1,
    xp: 0,
    createdAt: "2026-11-21T12:00:00.000Z",
    completedStories: 0,
    role: "member",
  });

  it("offers 'Add a parent' to a reader aged 13 to 17", async () => {
    stubApi({
      "GET /api/profile": profile,
      "GET /api/family/parents": Response.json({ parents: [], invited: [] }),
    });
    renderWithApp(<ProfilePage />, { seed: withSession({ canAddParent: true }) });
    expect(await screen.findByRole("heading", { name: "Add a parent" })).toBeInTheDocument();
  });

  it("does not offer it to anyone else", async () => {
    const calls = stubApi({ "GET /api/profile": profile });
    renderWithApp(<ProfilePage />, { seed: withSession({ canAddParent: false }) });
    expect(await screen.findByRole("heading", { name: "Your data" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Add a parent" })).not.toBeInTheDocument();
    expect(calls.some((call) => call.pathname === "/api/family/parents")).toBe(false);
  });
});
