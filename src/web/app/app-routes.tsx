import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { type ComponentType, lazy, Suspense, useDeferredValue, useEffect } from "react";
import { matchPath, Navigate, Route, Routes, useLocation } from "react-router";
import { FullScreenSpinner } from "../components/ui/spinner";
import { useSession } from "../features/auth/api/get-session";
import { profileQuery } from "../features/profile/api/get-profile";
import { storiesQuery } from "../features/stories/api/get-stories";
import { storyQuery } from "../features/stories/api/get-story";
import { paths } from "../lib/paths";
import { LoadFailedBoundary } from "./load-failed";

// Each screen is its own chunk; the landing page never loads the signed-in app and vice versa.
const LandingPage = lazy(() => import("../features/auth/components/landing-page"));
const ResetPasswordPage = lazy(() => import("../features/auth/components/reset-password-page"));
const VerifyEmailPage = lazy(() => import("../features/auth/components/verify-email-page"));
const UnsubscribePage = lazy(() => import("../features/profile/components/unsubscribe-page"));
const ConsentPage = lazy(() => import("../features/family/components/consent-page"));
const WaitingScreen = lazy(() => import("../features/family/components/waiting-screen"));
const loadSignedInLayout = () => import("./signed-in-layout");
const SignedInLayout = lazy(loadSignedInLayout);
const HomePage = lazy(() => import("../features/home/components/home-page"));

type Screen = {
  path: string;
  load: () => Promise<{ default: ComponentType }>;
  /** Starts the screen's first reads, besides the profile, which the layout reads on every screen. */
  prefetch?: (queryClient: QueryClient, params: Record<string, string | undefined>) => void;
};

/** The signed-in screens by path, so that the one a URL opens can be fetched before it is rendered. */
const signedInScreens = (
  [
    {
      path: "stories",
      load: () => import("../features/stories/components/stories-page"),
      prefetch: (queryClient) => void queryClient.prefetchQuery(storiesQuery),
    },
    {
      path: "stories/:slug",
      load: () => import("../features/stories/components/story-page"),
      prefetch: (queryClient, { slug = "" }) => void queryClient.prefetchQuery(storyQuery(slug)),
    },
    { path: "qna", load: () => import("../features/qna/components/qna-page") },
    { path: "groups", load: () => import("../features/groups/components/groups-page") },
    { path: "groups/:groupId/chat", load: () => import("../features/groups/components/group-chat-page") },
    { path: "profile", load: () => import("../features/profile/components/profile-page") },
    { path: "leader", load: () => import("../features/moderation/components/leader-page") },
    { path: "family", load: () => import("../features/family/components/family-page") },
  ] satisfies Screen[]
).map((screen) => ({ ...screen, Page: lazy(screen.load) }));

/**
 * Only a signed-in user can open these paths, so a page load on one of them fetches its layout and screen
 * while the session is still being checked, rather than one after the other once it is known. "/" is left
 * alone: it is the landing page for visitors, who must not download the signed-in app.
 */
function preloadScreenFor(pathname: string) {
  const screen = signedInScreens.find(({ path }) => matchPath(`/${path}`, pathname));
  if (!screen) return;
  // A failed preload is not an error yet: React.lazy asks again when the screen renders, and reports it then.
  Promise.all([loadSignedInLayout(), screen.load()]).catch(() => {});
}

/** The path the app was loaded on: its screen is the one a phone waits for. */
const pageLoadPath = window.location.pathname;
preloadScreenFor(pageLoadPath);

/**
 * Once the session is known, the reads of the screen a page load opens start at once rather than when the
 * screen has loaded and rendered: their responses are usually on their way already (the server hints them in
 * index.html), so the screen then renders once, with its content, instead of a loading state first.
 */
function prefetchScreenReads(queryClient: QueryClient, pathname: string) {
  if (matchPath(paths.home, pathname)) {
    void queryClient.prefetchQuery(storiesQuery);
  } else {
    for (const screen of signedInScreens) {
      const match = matchPath(`/${screen.path}`, pathname);
      if (match) screen.prefetch?.(queryClient, match.params);
    }
  }
  void queryClient.prefetchQuery(profileQuery);
}

/**
 * Spec §2 route table: /reset-password (and /verify-email, /family/consent) always; / for visitors; the
 * signed-in screens inside the layout; and for a child's account that waits for a parent's yes (issue 24),
 * only the waiting screen.
 */
export function AppRoutes() {
  const session = useSession();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const signedIn = Boolean(session.data?.user);
  const waitingForParent = session.data?.user?.accountState === "waiting_for_parent";
  // Only for the page the app was loaded on: later screens fetch their reads as they open. A waiting account
  // may read none of them.
  useEffect(() => {
    if (signedIn && !waitingForParent) prefetchScreenReads(queryClient, pageLoadPath);
  }, [signedIn, waitingForParent, queryClient]);
  // Drawing the signed-in layout and its screen is the largest render of a page load. Deferred, it is a
  // transition, which gives the browser back its thread every few milliseconds rather than freezing a slow
  // phone until it is done; the spinner stays meanwhile.
  const shownSignedIn = useDeferredValue(signedIn);

  // 'I agree' on the consent page signs a parent in part-way through: the page must stay, with its state, as
  // the session changes under it.
  const keepsPageThroughSignIn = Boolean(matchPath(paths.familyConsent, pathname));
  if (session.isPending || (shownSignedIn !== signedIn && !keepsPageThroughSignIn))
    return <FullScreenSpinner />;

  return (
    <LoadFailedBoundary>
      <Suspense fallback={<FullScreenSpinner />}>
        <Routes>
          <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
          {/* Opened from a mail, signed in or not (a parent's phone, say). */}
          <Route path={paths.verifyEmail} element={<VerifyEmailPage />} />
          <Route path={paths.familyConsent} element={<ConsentPage />} />
          <Route path={paths.unsubscribe} element={<UnsubscribePage />} />
          {waitingForParent ? (
            // Every other path: the account opens once a parent says yes.
            <Route path="*" element={<WaitingScreen />} />
          ) : signedIn ? (
            <Route element={<SignedInLayout />}>
              <Route index element={<HomePage />} />
              {signedInScreens.map(({ path, Page }) => (
                <Route key={path} path={path} element={<Page />} />
              ))}
              <Route path="*" element={<Navigate to={paths.home} replace />} />
            </Route>
          ) : (
            <>
              <Route index element={<LandingPage />} />
              <Route path="*" element={<Navigate to={paths.home} replace />} />
            </>
          )}
        </Routes>
      </Suspense>
    </LoadFailedBoundary>
  );
}
