import cheering from "../assets/lumi/cheering.svg?no-inline";
import happy from "../assets/lumi/happy.svg?no-inline";
import sleepy from "../assets/lumi/sleepy.svg?no-inline";
import thinking from "../assets/lumi/thinking.svg?no-inline";

// Lumi, Lamplight's lamp, as static SVG files: an address in the script and a small cached file, rather than
// its drawing inlined into every chunk that shows it.
const LUMI = { cheering, happy, sleepy, thinking } as const;
export type LumiMood = keyof typeof LUMI;

/**
 * Lumi beside words that already say everything (an empty list's text, a tour card, the helper's answer after
 * "AI Helper:"): decorative, so `alt=""`. Sized, so nothing moves as it loads.
 */
export function Lumi({
  mood,
  size = 96,
  className = "",
}: {
  mood: LumiMood;
  size?: number;
  className?: string;
}) {
  return (
    <img
      src={LUMI[mood]}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className={`shrink-0 select-none ${className}`}
      draggable={false}
    />
  );
}
