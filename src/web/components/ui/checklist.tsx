import { Check, Circle } from "lucide-react";

/** The live password checklist: each item turns green once met. */
export function Checklist({ items }: { items: { label: string; met: boolean }[] }) {
  return (
    <ul className="flex flex-col gap-1 text-sm" aria-label="Password requirements">
      {items.map((item) => (
        <li
          key={item.label}
          className={`flex items-center gap-2 ${item.met ? "text-green-700" : "text-slate-600"}`}
        >
          {item.met ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Circle aria-hidden="true" className="size-4" />
          )}
          <span>{item.label}</span>
          <span className="sr-only">{item.met ? "(done)" : "(not yet)"}</span>
        </li>
      ))}
    </ul>
  );
}
