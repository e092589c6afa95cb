import {
  BookOpen,
  House,
  type LucideIcon,
  Menu,
  MessageCircleQuestion,
  ShieldCheck,
  User,
  Users,
  UsersRound,
} from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { Link, NavLink, Outlet } from "react-router";
import { isPrivileged } from "../../core/roles";
import { xpBarPercent } from "../../core/xp";
import { OfflineAnswersSender } from "../components/offline-answers";
import { Avatar } from "../components/ui/avatar";
import { VerifyEmailBanner } from "../features/auth/components/verify-email-banner";
import { useFamilyAccount, useFamilySwitch } from "../features/family";
import { StreakBadge } from "../features/learning";
import { NotificationBell } from "../features/notifications/components/notification-bell";
import { useProfile } from "../features/profile/api/get-profile";
import { useRefreshOnPictureDecision } from "../features/profile/api/refresh-on-picture-decision";
import { AchievementCelebration } from "../features/profile/components/achievement-celebration";
import { LevelUpCelebration } from "../features/profile/components/level-up-celebration";
import { paths } from "../lib/paths";
import { preload } from "../lib/preload";
import { RealtimeStream } from "./realtime";

// Radix, which the menu needs, is the largest library after React, and no page needs it to show itself: the
// menu loads as the reader reaches for its button.
const loadMobileMenu = () => import("./mobile-menu");
const MobileMenu = lazy(loadMobileMenu);

type NavEntry = { to: string; label: string; icon: LucideIcon; end: boolean };

const navEntries: NavEntry[] = [
  { to: paths.home, label: "Home", icon: House, end: true },
  { to: paths.stories, label: "Stories", icon: BookOpen, end: false },
  { to: paths.groups, label: "Groups", icon: Users, end: false },
  { to: paths.qna, label: "Q&A", icon: MessageCircleQuestion, end: false },
  { to: paths.profile, label: "Profile", icon: User, end: false },
];

/** Only leaders and admins see it; the page and the server check again. */
const leaderEntry: NavEntry = { to: paths.leader, label: "Leader", icon: ShieldCheck, end: false };

/** Issue 24: for whoever is linked to a child as a parent. */
const familyEntry: NavEntry = { to: paths.family, label: "Your family", icon: UsersRound, end: false };

/**
 * The entries this account sees. A parent's own account reads no stories and joins no groups: only its family
 * and its profile. A child's parent may have switched groups or the AI helper off: their entries go.
 */
function useNavEntries(): NavEntry[] {
  const { data: profile } = useProfile();
  const { isParentAccount, seesFamily } = useFamilyAccount();
  const groupsAllowed = useFamilySwitch("groups");
  const aiHelperAllowed = useFamilySwitch("aiHelper");
  const profileEntry = navEntries.find((entry) => entry.to === paths.profile);
  if (isParentAccount) return profileEntry ? [familyEntry, profileEntry] : [familyEntry];
  const entries = navEntries.flatMap((entry) => {
    if (entry.to === paths.groups && !groupsAllowed) return [];
    if (entry.to === paths.qna && !aiHelperAllowed) return [];
    // 'Your family' sits just before the profile.
    if (entry === profileEntry && seesFamily) return [familyEntry, entry];
    return [entry];
  });
  return isPrivileged(profile?.role) ? [...entries, leaderEntry] : entries;
}

export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const entries = useNavEntries();
  return (
    <ul className="flex flex-col gap-1">
      {entries.map(({ to, label, icon: Icon, end }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={end}
            onClick={onNavigate}
            className={({ isActive }) =>
              `flex items-center gap-3 rounded-lg px-3 py-2 font-medium ${
                isActive
                  ? "bg-indigo-700 text-white"
                  : "text-slate-700 hover:bg-indigo-50 hover:text-indigo-900"
              }`
            }
          >
            <Icon aria-hidden="true" className="size-5" />
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function XpSummary() {
  const { data: profile } = useProfile();
  const { isParentAccount } = useFamilyAccount();
  if (!profile)
    return <div className="h-10 w-28 animate-pulse sm:w-40 rounded-lg bg-slate-100" aria-hidden="true" />;
  // A parent's own account does not read: no streak, level or XP to show, only the way to its profile.
  if (isParentAccount) {
    return (
      <Link to={paths.profile} aria-label="Your profile" className="rounded-full">
        <Avatar url={profile.avatarUrl} name={profile.username} className="size-10 text-base" />
      </Link>
    );
  }
  const bar = xpBarPercent(profile.xp);
  const username = profile.username ?? "user";
  // One set of elements in two arrangements. On a phone (below `sm`) the name, shortened if it must be, sits
  // over 'Level N · N XP' and a thin bar; wider, the name and level stand beside the bar and the XP.
  return (
    <div className="flex items-center gap-2 sm:gap-3">
      <StreakBadge />
      <div className="grid grid-cols-[auto_auto] items-center gap-x-1 sm:grid-cols-[auto_8rem] sm:gap-x-3 sm:gap-y-1">
        <p
          title={username}
          className="col-span-2 max-w-24 truncate text-xs font-semibold text-slate-900 sm:col-span-1 sm:max-w-40 sm:text-right sm:text-sm"
        >
          {username}
        </p>
        <p className="col-start-1 row-start-2 text-xs text-slate-700 sm:text-right">
          <span>Level {profile.level}</span>
          <span aria-hidden="true" className="sm:hidden">
            {" "}
            ·
          </span>
        </p>
        <p className="col-start-2 row-start-2 text-xs text-slate-700">{profile.xp} XP</p>
        <div
          role="progressbar"
          aria-label="XP toward the next level"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={bar}
          className="col-span-2 row-start-3 mt-1 h-1.5 overflow-hidden rounded-full bg-slate-200 sm:col-span-1 sm:col-start-2 sm:row-start-1 sm:mt-0 sm:h-2"
        >
          <div className="h-full rounded-full bg-amber-500 transition-[width]" style={{ width: `${bar}%` }} />
        </div>
      </div>
      <Link to={paths.profile} aria-label="Your profile" className="rounded-full">
        <Avatar url={profile.avatarUrl} name={profile.username} className="size-10 text-base" />
      </Link>
    </div>
  );
}

export default function SignedInLayout() {
  useRefreshOnPictureDecision();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  return (
    <div className="min-h-screen">
      <RealtimeStream />
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-indigo-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 flex items-center justify-between gap-2 border-b border-slate-200 bg-white/95 px-2 py-2 backdrop-blur sm:gap-3 sm:px-4 sm:py-3">
        <div className="flex items-center gap-1 sm:gap-2">
          <button
            ref={menuButton}
            type="button"
            aria-label="Open menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
            onFocus={preload(loadMobileMenu)}
            onPointerEnter={preload(loadMobileMenu)}
            className="rounded-lg p-2 text-slate-700 hover:bg-slate-100 md:hidden"
          >
            <Menu aria-hidden="true" className="size-6" />
          </button>
          {menuOpen && (
            <Suspense fallback={null}>
              <MobileMenu onClose={() => setMenuOpen(false)} returnFocusTo={menuButton}>
                <NavLinks onNavigate={() => setMenuOpen(false)} />
              </MobileMenu>
            </Suspense>
          )}
          {/* On a phone the lamp alone, which leaves the header room for the reader's level and XP. */}
          <Link
            to={paths.home}
            className="flex items-center justify-center rounded-lg text-xl font-extrabold tracking-tight text-indigo-900"
          >
            <img src="/favicon.svg" alt="" width={28} height={28} className="size-7 sm:hidden" />
            <span className="max-sm:sr-only">Lamplight</span>
          </Link>
        </div>
        <div className="flex min-w-0 items-center gap-1 sm:gap-4">
          <NotificationBell />
          <XpSummary />
        </div>
      </header>
      <div className="mx-auto flex max-w-7xl">
        <nav
          aria-label="Main"
          className="sticky top-16 hidden h-[calc(100vh-4rem)] w-56 shrink-0 p-4 md:block"
        >
          <NavLinks />
        </nav>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-4 outline-none sm:p-6">
          <VerifyEmailBanner />
          <OfflineAnswersSender />
          <Outlet />
        </main>
      </div>
      {/* Last in the page, so 'Skip to content' stays the first thing a keyboard reaches. */}
      <AchievementCelebration />
      <LevelUpCelebration />
    </div>
  );
}
