import { UserPlus } from "lucide-react";
import { type FormEvent, useState } from "react";
import { FAMILY_MESSAGES } from "../../../../core/family";
import { inviteParentSchema } from "../../../../core/schemas/family";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { TextField } from "../../../components/ui/field";
import { LoadingText } from "../../../components/ui/spinner";
import { useAddParent } from "../api/add-parent";
import { useLinkedParents } from "../api/get-linked-parents";

/** 'Add a parent' on a teen's (13-17) profile: who is linked, who is invited, and a form to invite one more. */
export function AddParentSection() {
  const parents = useLinkedParents();
  const addParent = useAddParent();
  const [email, setEmail] = useState("");
  const [formatError, setFormatError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (addParent.isPending) return;
    const parsed = inviteParentSchema.safeParse({ email });
    if (!parsed.success) {
      setFormatError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    const address = parsed.data.email;
    setSentTo(null);
    addParent.mutate(address, {
      onSuccess: () => {
        setSentTo(address);
        setEmail("");
      },
    });
  }

  return (
    <section
      aria-labelledby="add-parent-heading"
      className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="add-parent-heading" className="text-xl font-bold text-slate-900">
        Add a parent
      </h2>
      <p className="text-sm text-slate-700">{FAMILY_MESSAGES.addParentIntro}</p>

      {parents.isPending ? (
        <LoadingText>Loading your parents...</LoadingText>
      ) : parents.isError ? (
        <div className="flex flex-col items-start gap-2">
          <ErrorBox>{parents.error.message}</ErrorBox>
          <Button variant="secondary" onClick={() => parents.refetch()} disabled={parents.isFetching}>
            Try again
          </Button>
        </div>
      ) : parents.data.parents.length === 0 && parents.data.invited.length === 0 ? (
        <p className="text-sm text-slate-800">{FAMILY_MESSAGES.noParentsYet}</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm text-slate-800">
          {parents.data.parents.map((address) => (
            <li key={`linked-${address}`} className="break-all">
              {address} <span className="font-semibold text-green-800">(linked)</span>
            </li>
          ))}
          {parents.data.invited.map((address) => (
            <li key={`invited-${address}`} className="break-all">
              {address} <span className="font-semibold text-slate-700">(invited, waiting for a yes)</span>
            </li>
          ))}
        </ul>
      )}

      <form onSubmit={handleSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
        <TextField
          label="A parent's email"
          type="email"
          autoComplete="off"
          className="flex-1"
          value={email}
          required
          onChange={(event) => {
            setEmail(event.target.value);
            setFormatError(null);
          }}
        />
        <Button type="submit" disabled={addParent.isPending || email.trim() === ""}>
          <UserPlus aria-hidden="true" className="size-4" />
          {addParent.isPending ? "Sending..." : "Add a parent"}
        </Button>
      </form>
      <ErrorBox>{formatError ?? addParent.error?.message}</ErrorBox>
      <p role="status" className="text-sm font-semibold text-green-800">
        {sentTo ? FAMILY_MESSAGES.inviteSent(sentTo) : ""}
      </p>
    </section>
  );
}
