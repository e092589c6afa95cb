import { lazy, Suspense } from "react";
import { Navigate, Route, Routes } from "react-router";
import { FullScreenSpinner } from "../components/ui/spinner";
import { useSession } from "../features/auth/api/get-session";
import { paths } from "./paths";

// Each screen is its own chunk; the landing page never loads the signed-in app and vice versa.
const LandingPage = lazy(() => import("../features/auth/components/landing-page"));
const ResetPasswordPage = lazy(() => import("../features/auth/components/reset-password-page"));
const SignedInLayout = lazy(() => import("./signed-in-layout"));
const HomePage = lazy(() => import("../features/home/components/home-page"));
const StoriesPage = lazy(() => import("../features/stories/components/stories-page"));
const GroupChatPage = lazy(() => import("../features/groups/components/group-chat-page"));
const GroupsPage = lazy(() => import("../features/groups/components/groups-page"));
const StoryPage = lazy(() => import("../features/stories/components/story-page"));
const ProfilePage = lazy(() => import("../features/profile/components/profile-page"));
const QnaPage = lazy(() => import("../features/qna/components/qna-page"));
const LeaderPage = lazy(() => import("../features/moderation/components/leader-page"));

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
            <Route path="stories" element={<StoriesPage />} />
            <Route path="stories/:slug" element={<StoryPage />} />
            <Route path="qna" element={<QnaPage />} />
            <Route path="groups" element={<GroupsPage />} />
            <Route path="groups/:groupId/chat" element={<GroupChatPage />} />
            <Route path="profile" element={<ProfilePage />} />
            <Route path="leader" element={<LeaderPage />} />
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
