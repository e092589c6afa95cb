import { Dialog as RadixDialog } from "radix-ui";
import { useRef, useState } from "react";
import { Lumi, type LumiMood } from "../../../components/lumi";
import { Button } from "../../../components/ui/button";
import { hasSeenTour, rememberTourSeen } from "../tour-memory";

const CARDS: { title: string; text: string; mood: LumiMood }[] = [
  { title: "Stories", text: "Read Bible stories in three layers and earn XP as you go.", mood: "happy" },
  { title: "Groups", text: "Join a study group to share what you learn with friends.", mood: "cheering" },
  {
    title: "The helper",
    text: "Wondering about something? Ask the helper on the Q&A page.",
    mood: "thinking",
  },
];

/**
 * Three cards for a new account's first visit home (nothing once this account has seen them on this device): stories, groups and the helper, each with Lumi and one
 * sentence. A modal dialog: focus starts on 'Next' and stays on it from card to card (it becomes 'Let's go!' on
 * the last), each new card is announced politely, and Escape, 'Skip tour' or 'Let's go!' end it for good.
 */
export function FirstRunTour({ userId, onDone }: { userId: string; onDone: () => void }) {
  // Decided when the tour first shows, so that remembering it on the way out does not close it early.
  const [seenBefore] = useState(() => hasSeenTour(userId));
  const [step, setStep] = useState(0);
  const nextRef = useRef<HTMLButtonElement>(null);
  const card = CARDS[step] ?? CARDS[0];
  const last = step === CARDS.length - 1;
  const finish = () => {
    rememberTourSeen(userId);
    onDone();
  };
  if (seenBefore || !card) return null;
  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && finish()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            nextRef.current?.focus();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 flex-col items-center gap-4 rounded-2xl bg-white p-6 text-center shadow-xl"
        >
          <RadixDialog.Title className="text-xl font-extrabold text-slate-900">
            Welcome to Lamplight!
          </RadixDialog.Title>
          <div aria-live="polite" className="flex flex-col items-center gap-3">
            <Lumi mood={card.mood} size={112} />
            <h3 className="text-lg font-bold text-indigo-900">{card.title}</h3>
            <RadixDialog.Description className="text-slate-700">{card.text}</RadixDialog.Description>
          </div>
          <p className="text-sm text-slate-700">
            {step + 1} of {CARDS.length}
          </p>
          <div className="flex w-full flex-wrap justify-between gap-3">
            <Button variant="ghost" onClick={finish}>
              Skip tour
            </Button>
            <Button ref={nextRef} onClick={() => (last ? finish() : setStep(step + 1))}>
              {last ? "Let's go!" : "Next"}
            </Button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
