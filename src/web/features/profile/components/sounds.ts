import { useSyncExternalStore } from "react";

// Celebration sounds: a few notes made by the Web Audio API, so there is no audio file to download. Off until
// the reader turns them on; the choice belongs to the device (a shared family tablet may want quiet).

const SOUNDS_KEY = "lamplight:play-sounds";

export type CelebrationSound = "level-up" | "story-complete";

/** The notes of each sound, as frequencies in hertz, played one after another. */
const MELODIES: Record<CelebrationSound, readonly number[]> = {
  // C5 E5 G5 C6: rising, for a new level.
  "level-up": [523.25, 659.25, 783.99, 1046.5],
  // G4 C5 E5: a short 'well done'.
  "story-complete": [392, 523.25, 659.25],
};
const NOTE_SPACING_S = 0.12;
const NOTE_LENGTH_S = 0.35;
const PEAK_GAIN = 0.18;

const listeners = new Set<() => void>();

function readSetting(): boolean {
  try {
    return window.localStorage.getItem(SOUNDS_KEY) === "on";
  } catch {
    // Storage can be switched off (private modes): then sounds simply stay off.
    return false;
  }
}

/** Whether this device plays celebration sounds. */
export function soundsEnabled(): boolean {
  return readSetting();
}

export function setSoundsEnabled(enabled: boolean) {
  try {
    if (enabled) window.localStorage.setItem(SOUNDS_KEY, "on");
    else window.localStorage.removeItem(SOUNDS_KEY);
  } catch {
    // Nothing to keep it in: the switch stays where it was.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab of the same browser changing it.
  const onStorage = (event: StorageEvent) => {
    if (event.key === SOUNDS_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The 'Play sounds' setting of this device, kept in step across the page and other tabs. */
export function useSoundsEnabled(): [boolean, (enabled: boolean) => void] {
  const enabled = useSyncExternalStore(subscribe, readSetting, () => false);
  return [enabled, setSoundsEnabled];
}

let audioContext: AudioContext | null = null;

/**
 * Plays a celebration when the reader has turned sounds on. Browsers allow audio only after a gesture on the
 * page; celebrations follow the reader's own click, so the context may start (or resume) here.
 */
export function playCelebrationSound(sound: CelebrationSound) {
  if (!readSetting()) return;
  const AudioContextClass = window.AudioContext as typeof AudioContext | undefined;
  if (!AudioContextClass) return;
  try {
    audioContext ??= new AudioContextClass();
    const context = audioContext;
    if (context.state === "suspended") void context.resume().catch(() => {});
    const start = context.currentTime + 0.02;
    MELODIES[sound].forEach((frequency, index) => {
      const at = start + index * NOTE_SPACING_S;
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = "triangle";
      oscillator.frequency.setValueAtTime(frequency, at);
      // A quick rise and a soft fall, so the notes chime rather than click.
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(PEAK_GAIN, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + NOTE_LENGTH_S);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + NOTE_LENGTH_S + 0.05);
    });
  } catch (error) {
    // A sound is a nicety: a browser that refuses it leaves the celebration silent.
    console.warn("A celebration sound could not play", error);
  }
}
