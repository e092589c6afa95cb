import { CARE_MAIL_MESSAGES } from "../../../../core/schemas/moderation";
import { ErrorBox } from "../../../components/ui/error-box";
import { LoadingText } from "../../../components/ui/spinner";
import { Switch } from "../../../components/ui/switch";
import { useCareMails } from "../api/get-care-mails";
import { useSetCareMails } from "../api/set-care-mails";

const m = CARE_MAIL_MESSAGES;

/**
 * 'Care alerts' on the leader page, for admins: each leader with a switch for whether a child's care alert is
 * mailed to them. Admins' own cannot be turned off, so they are not listed.
 */
export function CareMails() {
  const careMails = useCareMails();
  const save = useSetCareMails();

  return (
    <section aria-labelledby="care-mails-heading" className="flex flex-col gap-4">
      <h2 id="care-mails-heading" className="text-xl font-bold text-slate-900">
        {m.heading}
      </h2>
      <p id="care-mails-help" className="max-w-prose text-slate-700">
        {m.help}
      </p>
      {careMails.isPending ? (
        <LoadingText>Loading...</LoadingText>
      ) : careMails.isError ? (
        <ErrorBox>{careMails.error.message}</ErrorBox>
      ) : careMails.data.leaders.length === 0 ? (
        <p className="text-slate-700">{m.empty}</p>
      ) : (
        <table className="w-full max-w-xl text-left">
          <thead>
            <tr className="border-b border-slate-200 text-sm text-slate-700">
              <th scope="col" className="px-3 py-2 font-semibold">
                {m.leaderColumn}
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {m.mailColumn}
              </th>
            </tr>
          </thead>
          <tbody>
            {careMails.data.leaders.map((leader) => (
              <tr key={leader.id} className="border-b border-slate-100">
                <td className="px-3 py-2 text-slate-900">{leader.username ?? m.noUsername}</td>
                <td className="px-3 py-2">
                  <Switch
                    on={leader.careMails}
                    onToggle={() => save.mutate({ userId: leader.id, on: !leader.careMails })}
                    aria-label={m.switchLabel(leader.username ?? m.noUsername)}
                    aria-describedby="care-mails-help"
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {save.isError ? (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {save.error.message || m.saveFailed}
        </p>
      ) : save.isSuccess ? (
        <p role="status" className="text-sm font-semibold text-green-800">
          {m.saved}
        </p>
      ) : null}
    </section>
  );
}
