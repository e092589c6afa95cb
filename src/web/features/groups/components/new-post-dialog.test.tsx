import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { FEED_MESSAGES, POST_IMAGE_MAX_BYTES } from "../../../../core/schemas/feed";
import { MODERATION_MESSAGES } from "../../../../core/schemas/moderation";
import { renderOpenDialog } from "../../../test/render";
import { GROUP_ID, makePost, stubApi } from "./feed-test-data";
import { NewPostDialog } from "./new-post-dialog";

const postsPath = `/api/groups/${GROUP_ID}/posts`;

function DialogInGroup(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return <NewPostDialog groupId={GROUP_ID} {...props} />;
}

// The browser's picker honours `accept`; a user can still pick "All files", which this lets through.
const open = () => renderOpenDialog(DialogInGroup, { user: userEvent.setup({ applyAccept: false }) });

describe("the New Post dialog", () => {
  it("keeps Post disabled until title and content are filled in", async () => {
    stubApi({});
    const { user } = open();
    const dialog = screen.getByRole("dialog", { name: "New Post" });
    const post = within(dialog).getByRole("button", { name: "Post" });
    expect(post).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Title"), "Hello");
    expect(post).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Content"), "   ");
    expect(post).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Content"), "Line");
    expect(post).toBeEnabled();
  });

  it("refuses a file of the wrong type without asking the server", async () => {
    const calls = stubApi({});
    const { user } = open();
    const picker = screen.getByLabelText("Photo or video (optional)");
    expect(picker).toHaveAttribute(
      "accept",
      "image/png,image/jpeg,image/webp,image/gif,video/mp4,video/webm",
    );
    await user.upload(picker, new File(["hello"], "notes.txt", { type: "text/plain" }));
    expect(screen.getByRole("alert")).toHaveTextContent(FEED_MESSAGES.mediaWrongType);
    expect(picker).toHaveAttribute("aria-invalid", "true");
    expect(calls).toEqual([]);
  });

  it("refuses an image over the size limit", async () => {
    stubApi({});
    const { user } = open();
    const big = new File(["x"], "big.png", { type: "image/png" });
    Object.defineProperty(big, "size", { value: POST_IMAGE_MAX_BYTES + 1 });
    await user.upload(screen.getByLabelText("Photo or video (optional)"), big);
    expect(screen.getByRole("alert")).toHaveTextContent(FEED_MESSAGES.imageTooLarge);
  });

  it("previews a chosen photo, removes it, and sends the post with a photo as multipart", async () => {
    // jsdom has no object URLs.
    vi.stubGlobal(
      "URL",
      class extends URL {
        static createObjectURL = () => "blob:preview";
        static revokeObjectURL = () => {};
      },
    );
    const calls = stubApi({ [`POST ${postsPath}`]: { status: 201, body: makePost() } });
    const { user } = open();
    const picker = screen.getByLabelText("Photo or video (optional)");
    const photo = new File(["png"], "ark.png", { type: "image/png" });
    await user.upload(picker, photo);
    expect(screen.getByRole("img", { name: "Preview of ark.png" })).toHaveAttribute("src", "blob:preview");
    await user.click(screen.getByRole("button", { name: "Remove photo or video" }));
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    expect(picker).toHaveFocus();

    await user.upload(picker, photo);
    await user.type(screen.getByLabelText("Title"), "  The ark ");
    await user.type(screen.getByLabelText("Content"), "Two by two{Enter}they came");
    await user.click(screen.getByRole("button", { name: "Post" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const form = calls[0]?.body;
    expect(form).toBeInstanceOf(FormData);
    if (!(form instanceof FormData)) return;
    expect(form.get("title")).toBe("The ark");
    expect(form.get("content")).toBe("Two by two\nthey came");
    expect((form.get("file") as File).name).toBe("ark.png");
  });

  it("shows the server's refusal in the red box", async () => {
    stubApi({
      [`POST ${postsPath}`]: {
        status: 400,
        body: { error: { code: "media_wrong_type", message: FEED_MESSAGES.mediaWrongType } },
      },
    });
    const { user } = open();
    await user.type(screen.getByLabelText("Title"), "Hello");
    await user.type(screen.getByLabelText("Content"), "World");
    await user.click(screen.getByRole("button", { name: "Post" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(FEED_MESSAGES.mediaWrongType);
    expect(screen.getByRole("dialog", { name: "New Post" })).toBeInTheDocument();
  });

  it("shows a kind refusal of the words and keeps what was written", async () => {
    stubApi({
      [`POST ${postsPath}`]: {
        status: 422,
        body: { error: { code: "moderation_refused", message: MODERATION_MESSAGES.phone } },
      },
    });
    const { user } = open();
    await user.type(screen.getByLabelText("Title"), "Call me");
    await user.type(screen.getByLabelText("Content"), "My number is 555 0100");
    await user.click(screen.getByRole("button", { name: "Post" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(MODERATION_MESSAGES.phone);
    expect(screen.getByLabelText("Title")).toHaveValue("Call me");
    expect(screen.getByLabelText("Content")).toHaveValue("My number is 555 0100");
  });
});
