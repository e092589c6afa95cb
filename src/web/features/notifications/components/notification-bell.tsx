import { useQueryClient } from "@tanstack/react-query";
import { AtSign, Award, Bell, Heart, Image as ImageIcon, MessageCircle, ShieldCheck } from "lucide-react";
import { lazy, Suspense, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { NotificationItem } from "../../../../core/schemas/notifications";
import { timeAgo } from "../../../../core/time-ago";
import { Lumi } from "../../../components/lumi";
import { Avatar } from "../../../components/ui/avatar";
import { ErrorBox } from "../../../components/ui/error-box";
import { paths } from "../../../lib/paths";
import { preload } from "../../../lib/preload";
import { useNotificationEvent } from "../../../lib/realtime";
import { addNotification, useNotifications } from "../api/get-notifications";
import { useMarkAllRead } from "../api/mark-all-read";
import { useMarkRead } from "../api/mark-read";

// Radix, which the popover needs, is the largest library after React, and no page needs it to show itself:
// the popover loads as the reader reaches for the bell.
const loadPopover = () => import("./notifications-popover");
const NotificationsPopover = lazy(loadPopover);

/** Spec §2: the badge shows the unread count, or '9+' above 9. */
export function badgeText(unreadCount: number): string {
  return unreadCount > 9 ? "9+" : String(unreadCount);
}

/** Where choosing a notification takes the reader, or null when it has nowhere to go. */
export function notificationLink(item: NotificationItem): string | null {
  if (item.groupId) return paths.groupChat(item.groupId);
  if (item.type === "achievement" || item.type === "picture") return paths.profile;
  // The conversation in which the leader's reply now stands.
  if (item.type === "leader_answer" && item.entityId) return paths.qnaConversation(item.entityId);
  return null;
}

/**
 * The header's bell (spec §2 "Notification dropdown"): the unread count on a badge, fetched as the page
 * loads, and a popover with the 50 newest. New notifications arrive live on the tab's event stream.
 */
export function NotificationBell() {
  const queryClient = useQueryClient();
  const notifications = useNotifications();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const bell = useRef<HTMLButtonElement>(null);

  useNotificationEvent((item) => addNotification(queryClient, item));

  const unread = notifications.data?.unreadCount ?? 0;

  const choose = (item: NotificationItem) => {
    if (!item.read) markRead.mutate([item.id]);
    const to = notificationLink(item);
    if (to) {
      setOpen(false);
      navigate(to);
    }
  };

  return (
    <>
      <button
        ref={bell}
        type="button"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        onFocus={preload(loadPopover)}
        onPointerEnter={preload(loadPopover)}
        className="relative rounded-full p-2 text-slate-700 hover:bg-slate-100 hover:text-slate-900"
      >
        <Bell aria-hidden="true" className="size-5" />
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold text-white"
          >
            {badgeText(unread)}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <NotificationsPopover bell={bell} titleId={titleId} onClose={() => setOpen(false)}>
            <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
              <h2 id={titleId} className="font-semibold text-slate-900">
                Notifications
              </h2>
              {unread > 0 && (
                <button
                  type="button"
                  onClick={() => markAllRead.mutate()}
                  disabled={markAllRead.isPending}
                  className="rounded-md px-2 py-1 text-sm font-semibold text-indigo-800 hover:bg-indigo-50 disabled:opacity-60"
                >
                  Mark all read
                </button>
              )}
            </div>
            <div className="overflow-y-auto p-2">
              {notifications.isPending ? (
                <p className="px-2 py-3 text-sm text-slate-700">Loading notifications...</p>
              ) : notifications.isError ? (
                <p className="px-2 py-3 text-sm text-slate-700">
                  We couldn't load your notifications. Please try again later.
                </p>
              ) : notifications.data.notifications.length === 0 ? (
                <div className="flex items-center gap-3 px-2 py-3">
                  <Lumi mood="sleepy" size={48} />
                  <p className="text-sm text-slate-700">No notifications yet</p>
                </div>
              ) : (
                <ul aria-labelledby={titleId} className="flex flex-col gap-1">
                  {notifications.data.notifications.map((item) => (
                    <li key={item.id}>
                      <NotificationRow item={item} onChoose={() => choose(item)} />
                    </li>
                  ))}
                </ul>
              )}
              {(markRead.error ?? markAllRead.error) && (
                <ErrorBox>{(markRead.error ?? markAllRead.error)?.message}</ErrorBox>
              )}
            </div>
          </NotificationsPopover>
        </Suspense>
      )}
    </>
  );
}

const typeIcons = {
  post_mention: AtSign,
  comment_mention: AtSign,
  comment_reply: MessageCircle,
  reaction: Heart,
  achievement: Award,
  picture: ImageIcon,
  leader_answer: ShieldCheck,
  other: Bell,
} as const;

function NotificationRow({ item, onChoose }: { item: NotificationItem; onChoose: () => void }) {
  const Icon = typeIcons[item.type];
  // A leader's reply reaches a child from 'A leader': never their picture or name, whatever the server sent.
  const sender = item.type === "leader_answer" ? null : item.sender;
  const content = (
    <>
      {sender ? (
        <Avatar url={sender.avatarUrl} name={sender.username} className="size-9 shrink-0 text-sm" />
      ) : (
        <span
          aria-hidden="true"
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-indigo-800"
        >
          <Icon className="size-4" />
        </span>
      )}
      <span className="flex min-w-0 flex-1 flex-col">
        {!item.read && <span className="sr-only">Unread: </span>}
        <span
          className={`break-words text-sm ${item.read ? "text-slate-700" : "font-semibold text-slate-900"}`}
        >
          {item.message}
        </span>
        <time dateTime={item.createdAt} className="text-xs text-slate-600">
          {timeAgo(item.createdAt)}
        </time>
      </span>
      {!item.read && <span aria-hidden="true" className="mt-2 size-2 shrink-0 rounded-full bg-indigo-600" />}
    </>
  );
  const rowClass = `flex w-full items-start gap-3 rounded-lg px-2 py-2 text-left ${
    item.read ? "" : "bg-indigo-50"
  }`;
  // A read notification with nowhere to go has nothing to do when clicked.
  if (item.read && notificationLink(item) === null)
    return (
      <div data-read="true" className={rowClass}>
        {content}
      </div>
    );
  return (
    <button
      type="button"
      data-read={item.read}
      onClick={onChoose}
      className={`${rowClass} hover:bg-slate-100 focus-visible:bg-slate-100`}
    >
      {content}
    </button>
  );
}
