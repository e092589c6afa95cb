import { lazy, Suspense } from "react";
import { matchPath, Navigate, Route, Routes } from "react-router";
import { FullScreenSpinner } from "../components/ui/spinner";
import { useSession } from "../features/auth/api/get-session";
import { paths } from "./paths";

// Each screen is its own chunk; the landing page never loads the signed-in app and vice versa.
const LandingPage = lazy(() => import("../features/auth/components/landing-page"));
const ResetPasswordPage = lazy(() => import("../features/auth/components/reset-password-page"));
const loadSignedInLayout = () => import("./signed-in-layout");
const SignedInLayout = lazy(loadSignedInLayout);
const HomePage = lazy(() => import("../features/home/components/home-page"));

/** The signed-in screens by path, so that the one a URL opens can be fetched before it is rendered. */
const signedInScreens = [
  { path: "stories", load: () => import("../features/stories/components/stories-page") },
  { path: "stories/:slug", load: () => import("../features/stories/components/story-page") },
  { path: "qna", load: () => import("../features/qna/components/qna-page") },
  { path: "groups", load: () => import("../features/groups/components/groups-page") },
  { path: "groups/:groupId/chat", load: () => import("../features/groups/components/group-chat-page") },
  { path: "profile", load: () => import("../features/profile/components/profile-page") },
  { path: "leader", load: () => import("../features/moderation/components/leader-page") },
].map((screen) => ({ ...screen, Page: lazy(screen.load) }));

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

preloadScreenFor(window.location.pathname);

/** Spec §2 route table: /reset-password always; / for visitors; the signed-in screens inside the layout. */
export function AppRoutes() {
  const session = useSession();
  if (session.isPending) return <FullScreenSpinner />;
  const signedIn = Boolean(session.data?.user);

  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Routes>
        <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
        {signedIn ? (
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
  );
}
