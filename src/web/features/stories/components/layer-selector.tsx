import { Check, Lock } from "lucide-react";
import { LAYERS, type LayerNumber, UNREACHED_LAYER_WARNING } from "../../../../core/stories/layers";

/** The three layer buttons; layers above the highest reached are locked (spec §2, §4). */
export function LayerSelector({
  current,
  highest,
  read = [],
  onSelect,
  disabled,
}: {
  current: LayerNumber;
  highest: LayerNumber;
  /** Layers whose text the reader has: they get a check mark. */
  read?: number[];
  onSelect: (layer: LayerNumber) => void;
  disabled?: boolean;
}) {
  return (
    <nav aria-label="Story layers">
      <ul className="grid grid-cols-3 gap-2">
        {LAYERS.map(({ layer, name }) => {
          const locked = layer > highest;
          const isCurrent = layer === current;
          return (
            <li key={layer}>
              <button
                type="button"
                aria-current={isCurrent ? "step" : undefined}
                aria-disabled={locked || disabled || undefined}
                onClick={() => {
                  if (locked) {
                    console.warn(UNREACHED_LAYER_WARNING);
                    return;
                  }
                  if (!disabled) onSelect(layer);
                }}
                className={`flex h-full w-full flex-col items-center gap-0.5 rounded-xl border-2 px-2 py-2 text-center text-sm transition-colors ${
                  isCurrent
                    ? "border-indigo-700 bg-indigo-700 text-white"
                    : locked
                      ? "cursor-not-allowed border-slate-200 bg-slate-100 text-slate-600"
                      : "border-indigo-200 bg-white text-indigo-900 hover:border-indigo-500"
                }`}
              >
                <span className="flex items-center gap-1 font-bold">
                  {locked ? (
                    <Lock aria-hidden="true" className="size-3.5" />
                  ) : read.includes(layer) ? (
                    <Check aria-hidden="true" className="size-3.5" />
                  ) : null}
                  Layer {layer}
                  {locked && <span className="sr-only">(locked)</span>}
                  {!locked && read.includes(layer) && <span className="sr-only">(read)</span>}
                </span>
                <span className="text-xs leading-tight">{name}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
