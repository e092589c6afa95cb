import { Folder, FolderOpen } from "lucide-react";
import type { FolderColor } from "../../../../core/schemas/qna";

// Written out in full so that Tailwind finds every class.
export const FOLDER_COLOR_STYLES: Record<FolderColor, { label: string; icon: string; swatch: string }> = {
  blue: { label: "Blue", icon: "fill-blue-200 text-blue-700", swatch: "bg-blue-600" },
  purple: { label: "Purple", icon: "fill-purple-200 text-purple-700", swatch: "bg-purple-600" },
  yellow: { label: "Yellow", icon: "fill-yellow-200 text-yellow-700", swatch: "bg-yellow-400" },
  green: { label: "Green", icon: "fill-green-200 text-green-700", swatch: "bg-green-600" },
  red: { label: "Red", icon: "fill-red-200 text-red-700", swatch: "bg-red-600" },
};

/** A folder's icon in its colour. Decorative: the folder's name always goes with it. */
export function FolderIcon({
  color,
  open = false,
  className = "size-4",
}: {
  color: FolderColor;
  open?: boolean;
  className?: string;
}) {
  const Icon = open ? FolderOpen : Folder;
  return <Icon aria-hidden="true" className={`shrink-0 ${FOLDER_COLOR_STYLES[color].icon} ${className}`} />;
}
