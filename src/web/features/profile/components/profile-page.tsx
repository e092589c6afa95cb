import { RotateCcw } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { Spinner } from "../../../components/ui/spinner";
import { useFamilyAccount } from "../../family";
import { DailyGoalChoice } from "../../learning";
import { MyVerses } from "../../memory-verses";
import { useProfile } from "../api/get-profile";
import { Achievements } from "./achievements";
import { AddParentSection } from "./add-parent-section";
import { LevelProgress } from "./level-progress";
import { NotificationsSetting } from "./notifications-setting";
import { ProfileCard } from "./profile-card";
import { RecentActivity } from "./recent-activity";
import { ReportMailsSetting } from "./report-mails-setting";
import { SoundSetting } from "./sound-setting";
import { StatTiles } from "./stat-tiles";
import { WeeklyDigestSetting } from "./weekly-digest-setting";
import { YourData } from "./your-data";

/** Spec §2 /profile: who you are, how far you have come, and what you have earned. */
export default function ProfilePage() {
  const profile = useProfile();
  const { canAddParent, isParentAccount } = useFamilyAccount();

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <title>Profile · Lamplight</title>
      <h1 className="text-3xl font-bold text-slate-900">Profile</h1>
      {profile.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label="Loading profile" className="size-10" />
        </div>
      ) : profile.isError ? (
        <div className="flex flex-col items-start gap-3">
          <ErrorBox>{profile.error.message}</ErrorBox>
          <Button variant="secondary" onClick={() => profile.refetch()} disabled={profile.isFetching}>
            <RotateCcw aria-hidden="true" className="size-4" />
            Try again
          </Button>
        </div>
      ) : (
        <>
          <ProfileCard profile={profile.data} />
          {/* A parent's own account reads no stories: its profile is the account, not a reader's progress. */}
          {!isParentAccount && (
            <>
              <section aria-labelledby="profile-progress-heading" className="flex flex-col gap-4">
                <h2 id="profile-progress-heading" className="text-xl font-bold text-slate-900">
                  Your Progress
                </h2>
                <StatTiles xp={profile.data.xp} />
                <LevelProgress xp={profile.data.xp} />
              </section>
              <div className="grid gap-6 lg:grid-cols-2">
                <Achievements />
                <RecentActivity profile={profile.data} />
              </div>
              <MyVerses />
              <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                <DailyGoalChoice />
              </section>
              <SoundSetting />
            </>
          )}
          {/* The server sends it to those who get report mails: leaders, admins and groups' owners. */}
          {profile.data.reportMails !== undefined && <ReportMailsSetting on={profile.data.reportMails} />}
          {profile.data.weeklyDigest !== undefined && <WeeklyDigestSetting on={profile.data.weeklyDigest} />}
          <NotificationsSetting />
          {canAddParent && <AddParentSection />}
          <YourData />
        </>
      )}
    </div>
  );
}
