import { BellRing } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { PUSH_MESSAGES } from "../../../../core/schemas/push";
import { Button } from "../../../components/ui/button";
import { currentSubscription, pushSupported, subscribeDevice } from "../../../lib/web-push";
import { forgetDevice, saveDevice, usePushSettings, useSaveQuietHours } from "../api/push-settings";

const m = PUSH_MESSAGES;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

type DeviceState = "checking" | "off" | "on" | "working";

/**
 * 'Turn on notifications' for this device (issue 26), and the quiet hours: the permission is asked only when
 * the reader presses the button, never on its own.
 */
export function NotificationsSetting() {
  const settings = usePushSettings();
  const saveHours = useSaveQuietHours();
  const [device, setDevice] = useState<DeviceState>("checking");
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    currentSubscription()
      .then((subscription) => {
        if (current) setDevice(subscription ? "on" : "off");
      })
      .catch(() => current && setDevice("off"));
    return () => {
      current = false;
    };
  }, []);

  if (settings.isPending || settings.isError) return null;
  const { publicKey, quietHours, allowed } = settings.data;

  const turnOn = async () => {
    setProblem(null);
    setDevice("working");
    try {
      const subscription = await subscribeDevice(publicKey);
      if (!subscription) {
        setProblem(Notification.permission === "denied" ? m.blocked : m.notSupported);
        setDevice("off");
        return;
      }
      await saveDevice(subscription.toJSON() as never);
      setDevice("on");
    } catch {
      setProblem(m.saveFailed);
      setDevice("off");
    }
  };

  const turnOff = async () => {
    setProblem(null);
    setDevice("working");
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await forgetDevice(subscription.endpoint);
        await subscription.unsubscribe();
      }
      setDevice("off");
    } catch {
      setProblem(m.saveFailed);
      setDevice("on");
    }
  };

  const supported = pushSupported();
  return (
    <section
      id="notifications"
      aria-labelledby="notifications-heading"
      className="flex scroll-mt-24 flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="notifications-heading" className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <BellRing aria-hidden="true" className="size-5 text-indigo-800" />
        {m.heading}
      </h2>
      <p className="text-sm text-slate-700">{m.help}</p>
      {!allowed ? (
        <p className="font-semibold text-slate-800">{m.notAllowed}</p>
      ) : !supported ? (
        <p className="font-semibold text-slate-800">{m.notSupported}</p>
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3">
            {device === "on" ? (
              <Button variant="secondary" onClick={turnOff}>
                {m.turnOff}
              </Button>
            ) : (
              <Button onClick={turnOn} disabled={device === "checking" || device === "working"}>
                {m.turnOn}
              </Button>
            )}
            <p role="status" className="text-sm font-semibold text-green-800">
              {device === "on" ? m.on : ""}
            </p>
          </div>
          <fieldset className="flex flex-wrap items-center gap-3">
            <legend className="mb-2 font-semibold text-slate-900">{m.quietHours}</legend>
            <HourSelect
              label={m.quietFrom}
              value={quietHours.start}
              onChange={(start) => saveHours.mutate({ ...quietHours, start })}
            />
            <HourSelect
              label={m.quietTo}
              value={quietHours.end}
              onChange={(end) => saveHours.mutate({ ...quietHours, end })}
            />
          </fieldset>
          {saveHours.isError && (
            <p role="alert" className="text-sm font-semibold text-red-800">
              {m.saveFailed}
            </p>
          )}
        </>
      )}
      {problem && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {problem}
        </p>
      )}
    </section>
  );
}

/** One end of the quiet hours: a labelled choice of the 24 hours. */
function HourSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (hour: number) => void;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className="text-sm text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className="rounded-lg border border-slate-300 px-2"
      >
        {HOURS.map((hour) => (
          <option key={hour} value={hour}>
            {hourLabel(hour)}
          </option>
        ))}
      </select>
    </>
  );
}
