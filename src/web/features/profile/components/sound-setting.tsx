import { Volume2, VolumeX } from "lucide-react";
import { Switch } from "../../../components/ui/switch";
import { useSoundsEnabled } from "./sounds";

/** 'Play sounds': a switch for the celebration sounds, kept by this device only. Off until turned on. */
export function SoundSetting() {
  const [enabled, setEnabled] = useSoundsEnabled();
  const Icon = enabled ? Volume2 : VolumeX;
  return (
    <section
      aria-labelledby="sounds-heading"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="sounds-heading" className="text-xl font-bold text-slate-900">
        Sounds
      </h2>
      <div className="flex items-center justify-between gap-4">
        <div className="flex flex-col gap-1">
          <span id="play-sounds-label" className="flex items-center gap-2 font-semibold text-slate-900">
            <Icon aria-hidden="true" className="size-5 text-indigo-800" />
            Play sounds
          </span>
          <p id="play-sounds-description" className="text-sm text-slate-700">
            A short tune when you finish a story or reach a new level. On this device.
          </p>
        </div>
        <Switch
          on={enabled}
          onToggle={() => setEnabled(!enabled)}
          aria-labelledby="play-sounds-label"
          aria-describedby="play-sounds-description"
        />
      </div>
    </section>
  );
}
