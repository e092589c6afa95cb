import { useMyAssignments } from "../api/get-my-assignments";
import { AssignmentCard } from "./assignment-card";

/**
 * Home's 'This week's story' cards, one per group of the reader's that has one. Nothing while they load or when the
 * read fails: home shows the rest of itself without waiting, and the group page still has the card.
 */
export function MyAssignments() {
  const assignments = useMyAssignments();
  const list = assignments.data?.assignments ?? [];
  if (list.length === 0) return null;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {list.map((assignment) => (
        <AssignmentCard key={assignment.group.id} assignment={assignment} from={assignment.group.name} />
      ))}
    </div>
  );
}
