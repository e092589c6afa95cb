import { Link } from "react-router";
import { buttonClass } from "../components/ui/button";
import { paths } from "./paths";

const sections = {
  qna: {
    title: "Ask AI About Bible Stories",
    text: "The AI helper for your questions opens here very soon.",
  },
} as const;

/** The routes of the spec's table whose screens are still being built say so plainly. */
export default function UpcomingPage({ section }: { section: keyof typeof sections }) {
  const { title, text } = sections[section];
  return (
    <section className="mx-auto max-w-xl rounded-2xl border border-slate-200 bg-white p-8 text-center">
      <title>{`${title} · Lamplight`}</title>
      <h1 className="mb-2 text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mb-6 text-slate-700">{text}</p>
      <Link to={paths.home} className={buttonClass("primary")}>
        Back to Home
      </Link>
    </section>
  );
}
