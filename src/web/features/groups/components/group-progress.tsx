import { ArrowDown, ArrowUp, ArrowUpDown, Download } from "lucide-react";
import { useState } from "react";
import { ASSIGNMENT_MESSAGES, type ProgressRow } from "../../../../core/schemas/assignments";
import { Button } from "../../../components/ui/button";
import { ErrorBox } from "../../../components/ui/error-box";
import { LoadingText } from "../../../components/ui/spinner";
import { useDownloadGroupProgress } from "../api/download-group-progress";
import { useGroupProgress } from "../api/get-group-progress";
import { layersToRead } from "./assignment-card";
import { formatLastActive } from "./assignment-dates";

type Column = {
  key: string;
  label: string;
  /** What the cell says. */
  show: (row: ProgressRow) => string;
  /** Orders two rows ascending; ties fall back to the member's name. */
  compare: (a: ProgressRow, b: ProgressRow) => number;
};

const memberName = (row: ProgressRow) => row.username ?? "Unnamed reader";
const byNumber = (value: (row: ProgressRow) => number) => (a: ProgressRow, b: ProgressRow) =>
  value(a) - value(b);
// Nobody's score yet counts below any score, so that ascending starts with those who have not answered.
const scoreRatio = (row: ProgressRow) =>
  row.score && row.score.asked > 0 ? row.score.right / row.score.asked : -1;

const columns: Column[] = [
  {
    key: "member",
    label: "Member",
    show: memberName,
    compare: (a, b) => memberName(a).localeCompare(memberName(b)),
  },
  {
    key: "layers",
    label: "Layers read",
    show: (row) =>
      row.layersAssigned > 0 ? ASSIGNMENT_MESSAGES.progressLayers(row.layersRead, row.layersAssigned) : "—",
    compare: byNumber((row) => row.layersRead),
  },
  {
    key: "completed",
    label: "Completed",
    show: (row) => (row.completed ? "Yes" : "No"),
    compare: byNumber((row) => Number(row.completed)),
  },
  {
    key: "score",
    label: "Score",
    show: (row) => (row.score ? `${row.score.right} of ${row.score.asked} right` : "—"),
    compare: byNumber(scoreRatio),
  },
  {
    key: "lastActive",
    label: "Last active",
    show: (row) => formatLastActive(row.lastActiveDay),
    // YYYY-MM-DD orders as text; 'Not yet' comes first.
    compare: (a, b) => (a.lastActiveDay ?? "").localeCompare(b.lastActiveDay ?? ""),
  },
  {
    key: "storiesCompleted",
    label: "Stories completed",
    show: (row) => String(row.storiesCompleted),
    compare: byNumber((row) => row.storiesCompleted),
  },
];

type Sort = { key: string; direction: "ascending" | "descending" };

function sortRows(rows: ProgressRow[], sort: Sort): ProgressRow[] {
  const column = columns.find(({ key }) => key === sort.key) ?? columns[0];
  if (!column) return rows;
  const sign = sort.direction === "ascending" ? 1 : -1;
  return [...rows].sort((a, b) => sign * column.compare(a, b) || memberName(a).localeCompare(memberName(b)));
}

function SortIcon({ direction }: { direction: Sort["direction"] | undefined }) {
  const Icon = direction === "ascending" ? ArrowUp : direction === "descending" ? ArrowDown : ArrowUpDown;
  return <Icon aria-hidden="true" className="size-4 shrink-0" />;
}

/**
 * The 'Progress' tab, for the group's owner and leaders only: one row per member toward this week's story, sortable
 * by every column (again reverses), and the same table as a CSV. It ranks nobody on its own: the leader chooses
 * the order, and members never see it.
 */
export function GroupProgress({ groupId }: { groupId: string }) {
  const progress = useGroupProgress(groupId);
  const download = useDownloadGroupProgress(groupId);
  const [sort, setSort] = useState<Sort>({ key: "member", direction: "ascending" });

  const sortBy = (key: string) =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === "ascending" ? "descending" : "ascending" }
        : { key, direction: "ascending" },
    );

  if (progress.isPending) return <LoadingText>Loading progress...</LoadingText>;
  if (progress.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p className="text-slate-700">{ASSIGNMENT_MESSAGES.progressLoadFailed}</p>
        <Button variant="secondary" onClick={() => progress.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const { assignment, rows } = progress.data;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-slate-700">
          {assignment
            ? `${assignment.story.title}: ${layersToRead(assignment.layers).toLowerCase()}.`
            : ASSIGNMENT_MESSAGES.progressNoStory}
        </p>
        <Button variant="secondary" onClick={() => download.mutate()} disabled={download.isPending}>
          <Download aria-hidden="true" className="size-4" />
          {download.isPending ? "Downloading..." : "Download CSV"}
        </Button>
      </div>
      <ErrorBox>{download.error?.message}</ErrorBox>
      <p role="status" className="text-sm text-slate-700">
        {download.isSuccess && ASSIGNMENT_MESSAGES.csvSaved(download.data.fileName)}
      </p>
      {rows.length === 0 ? (
        <p className="text-slate-700">{ASSIGNMENT_MESSAGES.progressNoMembers}</p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="p-3 text-left font-bold text-slate-900">
              {assignment ? `Members' progress on ${assignment.story.title}` : "Members' progress"}
            </caption>
            <thead className="bg-slate-50 text-slate-800">
              <tr>
                {columns.map(({ key, label }) => {
                  const direction = sort.key === key ? sort.direction : undefined;
                  return (
                    <th key={key} scope="col" aria-sort={direction} className="p-0 font-semibold">
                      <button
                        type="button"
                        onClick={() => sortBy(key)}
                        className="flex w-full items-center gap-1 px-3 py-2 text-left hover:bg-slate-100"
                      >
                        {label}
                        <SortIcon direction={direction} />
                      </button>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {sortRows(rows, sort).map((row) => (
                <tr key={row.userId} className="border-t border-slate-200">
                  {columns.map(({ key, show }) =>
                    // The member's name heads their row, so a screen reader says whose cell it is.
                    key === "member" ? (
                      <th key={key} scope="row" className="px-3 py-2 font-semibold text-slate-900">
                        {show(row)}
                      </th>
                    ) : (
                      <td key={key} className="px-3 py-2 text-slate-800">
                        {show(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
