import {
  BookOpen,
  ChevronDown,
  Clock,
  Gift,
  HandHeart,
  Lamp,
  type LucideIcon,
  MessageCircleQuestion,
  Palette,
  ShieldCheck,
  Sparkles,
  Users,
} from "lucide-react";
import { type ReactNode, useId, useState } from "react";
// "?url&no-inline" rather than the "?no-inline" of src/web/components/lumi.tsx: the same files as other modules,
// so that the bundler writes each address into this page's own script instead of a chunk shared with the app.
import lumiCheering from "../../../assets/lumi/cheering.svg?url&no-inline";
import lumiHappy from "../../../assets/lumi/happy.svg?url&no-inline";
import lumiThinking from "../../../assets/lumi/thinking.svg?url&no-inline";

// The landing page's marketing sections (spec §1 and §2). They hold no data; the page wires the calls to action.

const bigButton =
  "inline-flex min-h-12 items-center justify-center gap-2 rounded-xl px-6 py-3 text-base font-extrabold tracking-wide shadow-sm transition-colors";

export function Logo() {
  return (
    <span className="inline-flex items-center gap-2 text-2xl font-extrabold tracking-tight text-indigo-900">
      <span className="inline-flex size-10 items-center justify-center rounded-xl bg-indigo-700 text-amber-300 shadow-sm">
        <Lamp aria-hidden="true" className="size-6" />
      </span>
      Lamplight
    </span>
  );
}

/** `formId` is the sign-in form's id: the link still lands there if the script's handler is skipped. */
export function LandingHeader({ formId, onSignIn }: { formId: string; onSignIn: () => void }) {
  return (
    <header className="mx-auto flex w-full max-w-6xl items-center justify-between gap-4 px-4 py-5 sm:px-6">
      <Logo />
      <a
        href={`#${formId}`}
        onClick={(event) => {
          event.preventDefault();
          onSignIn();
        }}
        className="rounded-lg px-4 py-2 text-sm font-semibold text-indigo-800 ring-1 ring-indigo-200 transition-colors hover:bg-indigo-50"
      >
        Sign In
      </a>
    </header>
  );
}

/**
 * A story's cover, as the stories feature addresses it (storyCoverUrl). Spelled out here because a module the
 * landing page shared with the signed-in app would be one more script for a visitor's first load to wait on.
 */
const coverUrl = (slug: string, size: 256 | 512) => `/api/stories/${slug}/cover.webp?size=${size}`;

/** Each feature card's picture: a story's cover, or Lumi for the features that are about people. */
type FeatureArt = { cover: string } | { lumi: string };

const FEATURES: { icon: LucideIcon; title: string; text: string; art: FeatureArt }[] = [
  {
    art: { cover: "david-and-goliath" },
    icon: BookOpen,
    title: "Bible stories in three layers",
    text: "Every story unfolds step by step: Basic Understanding, Deeper Reflection and Life Application.",
  },
  {
    art: { cover: "creation" },
    icon: Palette,
    title: "AI illustrations and narration",
    text: "See each part of the story come alive in one of six art styles, and listen as it is read aloud.",
  },
  {
    art: { lumi: lumiCheering },
    icon: Users,
    title: "Study groups with chat",
    text: "Join your group with an invite code, chat, share what you learned and cheer each other on.",
  },
  {
    art: { lumi: lumiThinking },
    icon: MessageCircleQuestion,
    title: "An AI helper for your questions",
    text: "Wondering about a story? Ask anything and get a friendly answer that is easy to understand.",
  },
];

const BADGES: { icon: LucideIcon; label: string }[] = [
  { icon: Gift, label: "100% FREE" },
  { icon: Users, label: "Ages 7-18" },
  { icon: Sparkles, label: "AI Powered" },
];

/** The hero with the two calls to action; 'SEE WHAT'S INSIDE' shows and hides the feature cards in place. */
export function Hero({ onStart }: { onStart: () => void }) {
  const [showFeatures, setShowFeatures] = useState(false);
  const featuresId = useId();

  return (
    <div className="flex flex-col gap-6">
      <div className="flex items-end gap-3">
        {/* The first thing a visitor sees: asked for first, and kept smaller than the heading, so that the
            heading's text stays the largest paint and the page never waits on the picture. */}
        <img
          src={coverUrl("noah-and-the-ark", 512)}
          alt="Noah’s ark on the hills while the animals walk in two by two under a rainbow"
          width={512}
          height={512}
          fetchPriority="high"
          decoding="async"
          className="size-32 rounded-3xl bg-amber-100 object-cover shadow-md ring-4 ring-white sm:size-40"
        />
        <img
          src={lumiHappy}
          alt=""
          width={128}
          height={128}
          decoding="async"
          className="size-16 sm:size-20"
        />
      </div>
      <p className="inline-flex w-fit items-center gap-2 rounded-full bg-white/80 px-3 py-1 text-sm font-semibold text-indigo-800 ring-1 ring-indigo-100">
        <Sparkles aria-hidden="true" className="size-4 text-amber-500" />
        Interactive Bible adventures for ages 7-18
      </p>
      <h1 className="text-4xl leading-tight font-extrabold tracking-tight text-slate-900 sm:text-5xl">
        Explore the Bible's greatest stories, <span className="text-indigo-700">one adventure at a time</span>
      </h1>
      <p className="max-w-xl text-lg text-slate-700">
        Read, wonder and grow. Discover each story step by step, earn XP as you level up, and learn together
        with friends in your study group.
      </p>

      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          onClick={onStart}
          className={`${bigButton} bg-indigo-700 text-white hover:bg-indigo-800`}
        >
          START FREE ADVENTURE
        </button>
        <button
          type="button"
          aria-expanded={showFeatures}
          aria-controls={featuresId}
          onClick={() => setShowFeatures((value) => !value)}
          className={`${bigButton} bg-white text-indigo-800 ring-1 ring-indigo-200 hover:bg-indigo-50`}
        >
          SEE WHAT'S INSIDE
          <ChevronDown
            aria-hidden="true"
            className={`size-5 transition-transform ${showFeatures ? "rotate-180" : ""}`}
          />
        </button>
      </div>

      {/* Kept in the page while hidden so that aria-controls always points at something. */}
      <section id={featuresId} aria-labelledby={`${featuresId}-title`} hidden={!showFeatures}>
        <h2 id={`${featuresId}-title`} className="sr-only">
          What's inside
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2">
          {FEATURES.map(({ icon: Icon, title, text, art }) => (
            <li key={title} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              {/* Pictures beside their titles: decorative. Lazy, so a closed section downloads nothing. */}
              <div className="flex items-end justify-between">
                <span className="inline-flex size-10 items-center justify-center rounded-xl bg-amber-100 text-amber-800">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <img
                  src={"cover" in art ? coverUrl(art.cover, 256) : art.lumi}
                  alt=""
                  width={256}
                  height={256}
                  loading="lazy"
                  decoding="async"
                  className={`size-20 ${"cover" in art ? "rounded-xl object-cover" : ""}`}
                />
              </div>
              <h3 className="mt-3 font-bold text-slate-900">{title}</h3>
              <p className="mt-1 text-sm text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <ul aria-label="Highlights" className="flex flex-wrap gap-2">
        {BADGES.map(({ icon: Icon, label }) => (
          <li
            key={label}
            className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-3 py-1.5 text-sm font-bold text-amber-900 ring-1 ring-amber-200"
          >
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </li>
        ))}
      </ul>
    </div>
  );
}

const CLAIMS: { icon: LucideIcon; value: string; label: string }[] = [
  { icon: Gift, value: "Free", label: "Every story, every feature, always free" },
  { icon: Clock, value: "Under 30 sec", label: "From hello to your first adventure" },
  { icon: BookOpen, value: "12+", label: "Bible adventures to explore" },
  { icon: ShieldCheck, value: "Trusted", label: "Overseen by certified ministry leaders" },
];

export function Claims() {
  return (
    <section aria-labelledby="claims-title" className="mx-auto w-full max-w-6xl px-4 sm:px-6">
      <h2 id="claims-title" className="sr-only">
        Lamplight at a glance
      </h2>
      <ul className="grid gap-4 rounded-3xl bg-indigo-800 p-6 text-white sm:grid-cols-2 sm:p-8 lg:grid-cols-4">
        {CLAIMS.map(({ icon: Icon, value, label }) => (
          <li key={value} className="flex items-start gap-3">
            <Icon aria-hidden="true" className="mt-1 size-6 shrink-0 text-amber-300" />
            <p>
              <span className="block text-2xl font-extrabold">{value}</span>
              <span className="text-sm text-indigo-100">{label}</span>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SectionHeading({ id, eyebrow, children }: { id: string; eyebrow: string; children: ReactNode }) {
  return (
    <div className="mb-8 text-center">
      <p className="text-sm font-bold tracking-widest text-indigo-700 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900">
        {children}
      </h2>
    </div>
  );
}

const FAQ: { question: string; answer: string }[] = [
  {
    question: "Is it free?",
    answer:
      "Yes, 100% free. There are no ads, no subscriptions and nothing to buy. Signing up takes under 30 seconds.",
  },
  {
    question: "What ages is it for?",
    answer:
      "Lamplight is made for children and teens aged 7 to 18. Stories and answers are written to be easy to read and understand.",
  },
  {
    question: "Is it safe?",
    answer:
      "Yes. Content is child-safe, study groups are moderated, there are no ads, and your email is never shown to other members.",
  },
  {
    question: "Who oversees it?",
    answer:
      "Lamplight is run by a church ministry. Certified ministry leaders oversee the study groups and keep them kind and safe.",
  },
  {
    question: "Do I need a Bible?",
    answer:
      "No. Every story is right there in the app. If you have a Bible at home, it's fun to read along and look things up!",
  },
];

export function Faq() {
  return (
    <section aria-labelledby="faq-title" className="mx-auto w-full max-w-3xl px-4 sm:px-6">
      <SectionHeading id="faq-title" eyebrow="FAQ">
        Questions from kids and parents
      </SectionHeading>
      <div className="flex flex-col gap-3">
        {FAQ.map(({ question, answer }) => (
          <details key={question} className="group rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 font-bold text-slate-900 [&::-webkit-details-marker]:hidden">
              {question}
              <ChevronDown
                aria-hidden="true"
                className="size-5 shrink-0 text-indigo-700 transition-transform group-open:rotate-180"
              />
            </summary>
            <p className="px-5 pb-5 text-slate-700">{answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}

const PROMISES = [
  "Certified ministry leaders oversee every study group",
  "No ads, ever",
  "Child-safe stories and answers",
  "Group posts and chats are moderated",
  "Emails are never shown to other members",
];

export function ParentsTrust() {
  return (
    <section aria-labelledby="parents-title" className="mx-auto w-full max-w-6xl px-4 sm:px-6">
      <div className="grid gap-8 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10 lg:grid-cols-2">
        <div>
          <p className="text-sm font-bold tracking-widest text-indigo-700 uppercase">For parents</p>
          <h2 id="parents-title" className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900">
            A safe place to grow in faith
          </h2>
          <p className="mt-4 text-slate-700">
            Dear parents: Lamplight is a ministry of our church, built to help your child fall in love with
            God's Word. Every study group is overseen by certified ministry leaders, and we never show ads or
            sell anything. We take your child's safety as seriously as you do.
          </p>
        </div>
        <ul className="flex flex-col gap-3 self-center">
          {PROMISES.map((promise) => (
            <li
              key={promise}
              className="flex items-start gap-3 rounded-xl bg-indigo-50 px-4 py-3 text-slate-800"
            >
              <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-indigo-700" />
              {promise}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function FounderQuote() {
  return (
    <figure className="mx-auto w-full max-w-3xl px-4 text-center sm:px-6">
      <HandHeart aria-hidden="true" className="mx-auto size-10 text-amber-600" />
      <blockquote className="mt-4 text-2xl leading-snug font-semibold text-slate-900">
        <p>
          “I started Lamplight so that every child could discover the Bible's stories are their stories too,
          and have fun finding that out.”
        </p>
      </blockquote>
      <figcaption className="mt-4 font-semibold text-slate-700">Founder, Lamplight</figcaption>
    </figure>
  );
}

export function ClosingCta({ onStart }: { onStart: () => void }) {
  return (
    <section aria-labelledby="closing-title" className="mx-auto w-full max-w-6xl px-4 sm:px-6">
      <div className="rounded-3xl bg-linear-to-br from-indigo-800 to-indigo-950 px-6 py-12 text-center text-white sm:px-12">
        <Sparkles aria-hidden="true" className="mx-auto size-10 text-amber-300" />
        <h2 id="closing-title" className="mt-4 text-3xl font-extrabold tracking-tight">
          Ready for your first adventure?
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-lg text-indigo-100">
          It's free, it takes under 30 seconds, and 12+ Bible adventures are waiting for you.
        </p>
        <button
          type="button"
          onClick={onStart}
          className={`${bigButton} mt-8 bg-amber-300 text-slate-900 hover:bg-amber-200`}
        >
          Create My Free Account
        </button>
      </div>
    </section>
  );
}

export function LandingFooter() {
  return (
    <footer className="mt-16 border-t border-amber-200 bg-white/60">
      <div className="mx-auto flex w-full max-w-6xl flex-col items-center justify-between gap-3 px-4 py-8 text-sm text-slate-700 sm:flex-row sm:px-6">
        <Logo />
        <p>A church ministry for kids and teens aged 7-18.</p>
        <p>© {new Date().getFullYear()} Lamplight</p>
      </div>
    </footer>
  );
}
