import { Flag, MessageCircle, MoreHorizontal, Pin, PinOff, ShieldAlert, Trash2 } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { ADMIN_DELETE_MESSAGES, ADMIN_PASSWORD_MAX_LENGTH } from "../../../../core/schemas/admin-delete";
import { FEED_LATEST_COMMENTS, type FeedPost } from "../../../../core/schemas/feed";
import { Avatar } from "../../../components/ui/avatar";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { ErrorBox } from "../../../components/ui/error-box";
import { PasswordField } from "../../../components/ui/field";
import { Spinner } from "../../../components/ui/spinner";
import { ReportDialog } from "../../moderation";
import { MemberProfileButton } from "../../profile";
import { adminDeleteFailureMessage, useAdminDeletePost } from "../api/admin-delete-post";
import { useDeletePost } from "../api/delete-post";
import { useAdminDeleteStatus } from "../api/get-admin-delete";
import { usePinPost } from "../api/pin-post";
import { useReactToPost } from "../api/react-to-post";
import { type OpenThread, PostComments } from "./post-comments";
import { PostMedia } from "./post-media";
import { dateFormat, ReactionButtons } from "./reaction-buttons";

/**
 * One post in a group's feed, as the spec's "Post card" describes it. The feed opens one 'Admin Delete' panel at a
 * time, so it holds which (`adminDeleteOpen`); a card on its own keeps that state itself.
 */
export function PostCard({
  post,
  currentUserId,
  canPin = false,
  adminDeleteOpen,
  onAdminDeleteOpenChange,
}: {
  post: FeedPost;
  currentUserId: string;
  /** The group's leader pins and unpins posts (canPinPosts). */
  canPin?: boolean;
  adminDeleteOpen?: boolean;
  onAdminDeleteOpenChange?: (open: boolean) => void;
}) {
  const react = useReactToPost(post.groupId, post.id);
  const pin = usePinPost(post.groupId, post.id);
  const [ownAdminDeleteOpen, setOwnAdminDeleteOpen] = useState(false);
  const adminPanelOpen = adminDeleteOpen ?? ownAdminDeleteOpen;
  const setAdminPanelOpen = onAdminDeleteOpenChange ?? setOwnAdminDeleteOpen;
  // The latest comments and the box show at once; the whole thread, with its replies, opens on request.
  const [thread, setThread] = useState<OpenThread | null>(null);
  const commentsId = useId();
  const titleId = useId();
  const username = post.author.username ?? "Someone";
  // A deleted author's id is null, never the reader's.
  const mine = post.author.id !== null && post.author.id === currentUserId;

  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      {post.isPinned && (
        <p className="flex items-center gap-2 bg-amber-100 px-4 py-2 text-sm font-semibold text-amber-900">
          <Pin aria-hidden="true" className="size-4" />
          Pinned Post
        </p>
      )}
      <div className={`flex flex-col gap-3 px-4 pb-4 ${post.isPinned ? "" : "pt-4"}`}>
        <header className="flex items-center gap-3">
          {/* The author's card (issue 18) opens from their picture and name; a deleted author has none. */}
          {post.author.id === null ? (
            <div className="flex min-w-0 flex-1 items-center gap-3">
              <Avatar url={post.author.avatarUrl} name={post.author.username} />
              <AuthorLine username={username} createdAt={post.createdAt} />
            </div>
          ) : (
            <div className="flex min-w-0 flex-1">
              <MemberProfileButton
                groupId={post.groupId}
                member={{ id: post.author.id, username: post.author.username }}
                currentUserId={currentUserId}
                className="flex min-w-0 items-center gap-3 pr-2"
              >
                <Avatar url={post.author.avatarUrl} name={post.author.username} />
                <AuthorLine username={username} createdAt={post.createdAt} />
              </MemberProfileButton>
            </div>
          )}
          <PostMenu
            post={post}
            mine={mine}
            onTogglePin={canPin && !pin.isPending ? () => pin.mutate(!post.isPinned) : undefined}
            onAdminDelete={() => setAdminPanelOpen(true)}
          />
        </header>
        <h3 id={titleId} className="text-lg font-bold break-words text-slate-900">
          {post.title}
        </h3>
        {/* Under the post's title: its h4 then follows the h3, and headings never skip a level. */}
        {adminPanelOpen && <AdminDeletePanel post={post} onClose={() => setAdminPanelOpen(false)} />}
        <p className="whitespace-pre-wrap break-words text-slate-800">{post.content}</p>
        <PostMedia post={post} mine={mine} username={username} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <ReactionButtons summary={post} disabled={react.isPending} onReact={(type) => react.mutate(type)} />
          <button
            type="button"
            aria-expanded={thread !== null}
            aria-controls={commentsId}
            // Closed and opened again, the thread comes back without a reply box.
            onClick={() => setThread(thread ? null : { replyingTo: null })}
            className="inline-flex items-center gap-1.5 rounded-lg px-2 py-1 text-sm font-semibold text-slate-700 hover:bg-slate-100"
          >
            <MessageCircle aria-hidden="true" className="size-4" />
            {/* The card shows the newest few comments; past them, the one way to the thread says there are more. */}
            {post.commentsCount > FEED_LATEST_COMMENTS
              ? `View all ${post.commentsCount} comments`
              : `Comments (${post.commentsCount})`}
          </button>
        </div>
        <ErrorBox>{react.error?.message ?? pin.error?.message}</ErrorBox>
        <PostComments
          id={commentsId}
          post={post}
          currentUserId={currentUserId}
          thread={thread}
          onReply={(commentId) => setThread({ replyingTo: commentId })}
        />
      </div>
    </article>
  );
}

/** The author's name with the post's date under it. */
function AuthorLine({ username, createdAt }: { username: string; createdAt: string }) {
  return (
    <span className="flex min-w-0 flex-col">
      <span className="truncate font-semibold text-slate-900">{username}</span>
      <time dateTime={createdAt} className="text-xs text-slate-700">
        {dateFormat.format(new Date(createdAt))}
      </time>
    </span>
  );
}

/**
 * Every member's menu: 'Admin Delete'; for the author also Delete, after a confirmation; for everyone else Report;
 * Pin/Unpin for the leader.
 */
function PostMenu({
  post,
  mine,
  onTogglePin,
  onAdminDelete,
}: {
  post: FeedPost;
  mine: boolean;
  /** Only for the group's leader. */
  onTogglePin?: () => void;
  onAdminDelete: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [reporting, setReporting] = useState(false);
  const remove = useDeletePost(post.groupId);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // The admin panel's password field takes the focus, rather than the menu button getting it back.
  const toAdminPanel = useRef(false);

  const close = (open: boolean) => {
    if (!open) remove.reset();
    setConfirming(open);
  };

  return (
    <>
      {/* Not modal: a modal menu hides the rest of the page from screen readers (aria-hidden) while its
          buttons stay focusable. The menu still keeps Tab inside, closes on Escape or a click outside, and
          gives the focus back to its button. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger
          ref={triggerRef}
          aria-label="Post options"
          className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900"
        >
          <MoreHorizontal aria-hidden="true" className="size-5" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            onCloseAutoFocus={(event) => {
              if (toAdminPanel.current) event.preventDefault();
              toAdminPanel.current = false;
            }}
            className="z-30 min-w-36 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          >
            {onTogglePin && (
              <DropdownMenu.Item
                onSelect={onTogglePin}
                className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
              >
                {post.isPinned ? (
                  <PinOff aria-hidden="true" className="size-4" />
                ) : (
                  <Pin aria-hidden="true" className="size-4" />
                )}
                {post.isPinned ? "Unpin" : "Pin"}
              </DropdownMenu.Item>
            )}
            {mine && (
              <DropdownMenu.Item
                onSelect={() => setConfirming(true)}
                className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-red-800 outline-none data-[highlighted]:bg-red-50"
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Delete
              </DropdownMenu.Item>
            )}
            {!mine && (
              <DropdownMenu.Item
                onSelect={() => setReporting(true)}
                className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
              >
                <Flag aria-hidden="true" className="size-4" />
                Report
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Item
              onSelect={() => {
                toAdminPanel.current = true;
                onAdminDelete();
              }}
              className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
            >
              <ShieldAlert aria-hidden="true" className="size-4" />
              Admin Delete
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ConfirmDialog
        open={confirming}
        onOpenChange={close}
        title="Delete this post?"
        description={`"${post.title}" and its comments will be gone for everyone in the group.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        pending={remove.isPending}
        error={remove.error?.message}
        onConfirm={() => remove.mutate(post.id, { onSuccess: () => setConfirming(false) })}
        // The menu item that opened it has gone with the menu: back to the menu's own button. (Once the post is
        // deleted, its button is gone too, and so is this dialog.)
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      />
      <ReportDialog
        targetType="post"
        targetId={post.id}
        open={reporting}
        onOpenChange={setReporting}
        // The menu item that opened it has gone with the menu: back to the menu's own button.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      />
    </>
  );
}

/**
 * The spec's inline 'Admin Delete' panel: deletes any post given the admin password. A failure is the spec's
 * alert, and the panel stays open to try again; with no ADMIN_PASSWORD on the server it says admin delete is off.
 */
function AdminDeletePanel({ post, onClose }: { post: FeedPost; onClose: () => void }) {
  const status = useAdminDeleteStatus(post.groupId);
  const remove = useAdminDeletePost(post.groupId, post.id);
  const [password, setPassword] = useState("");
  // Sent as typed: spaces inside a password count, but one of nothing but spaces is blank.
  const blank = password.trim() === "";
  const headingId = useId();
  const panelRef = useRef<HTMLElement>(null);
  // Unknown (still asking, or the question failed): offer the field, and the server has the last word.
  const enabled = status.data?.enabled ?? true;

  useEffect(() => {
    if (enabled && !status.isPending) panelRef.current?.querySelector("input")?.focus();
  }, [enabled, status.isPending]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || remove.isPending) return;
    // Success removes the post, and this panel with it.
    remove.mutate(password, { onError: (error) => window.alert(adminDeleteFailureMessage(error)) });
  };

  return (
    <section
      ref={panelRef}
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-red-200 bg-red-50 p-3"
    >
      <h4 id={headingId} className="flex items-center gap-2 font-semibold text-red-900">
        <ShieldAlert aria-hidden="true" className="size-4" />
        Admin Delete
      </h4>
      {status.isPending ? (
        <div className="flex items-center gap-2 text-sm text-slate-700">
          <Spinner label="Checking admin delete..." />
        </div>
      ) : !enabled ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-800">{ADMIN_DELETE_MESSAGES.disabled}</p>
          <Button variant="secondary" className="self-end" onClick={onClose}>
            Cancel
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-3">
          <PasswordField
            label="Admin password"
            autoComplete="off"
            maxLength={ADMIN_PASSWORD_MAX_LENGTH}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={blank || remove.isPending}>
              {remove.isPending ? "Deleting..." : "Delete"}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
