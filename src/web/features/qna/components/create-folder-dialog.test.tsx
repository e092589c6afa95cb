import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { QNA_MESSAGES } from "../../../../core/schemas/qna";
import { renderOpenDialog } from "../../../test/render";
import { CreateFolderDialog } from "./create-folder-dialog";
import { makeFolder, stubApi } from "./qna-test-data";

describe("the Create New Folder dialog", () => {
  it("keeps Create disabled while the name is blank", async () => {
    const calls = stubApi({});
    const { user } = renderOpenDialog(CreateFolderDialog);
    const dialog = screen.getByRole("dialog", { name: "Create New Folder" });
    const create = within(dialog).getByRole("button", { name: "Create" });
    expect(create).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Folder name"), "   ");
    expect(create).toBeDisabled();
    await user.keyboard("{Enter}");
    expect(calls).toEqual([]);
    await user.type(within(dialog).getByLabelText("Folder name"), "Heroes");
    expect(create).toBeEnabled();
  });

  it("offers the five colours by name, blue first and chosen", () => {
    stubApi({});
    renderOpenDialog(CreateFolderDialog);
    const colours = within(screen.getByRole("group", { name: "Colour" })).getAllByRole("radio");
    expect(colours.map((radio) => radio.closest("label")?.textContent)).toEqual([
      "Blue",
      "Purple",
      "Yellow",
      "Green",
      "Red",
    ]);
    expect(screen.getByRole("radio", { name: "Blue" })).toBeChecked();
  });

  it("sends the trimmed name and the chosen colour, then closes", async () => {
    const calls = stubApi({ "POST /api/qna/folders": { status: 201, body: makeFolder() } });
    const { user } = renderOpenDialog(CreateFolderDialog);
    await user.type(screen.getByLabelText("Folder name"), "  Heroes ");
    await user.click(screen.getByRole("radio", { name: "Purple" }));
    expect(screen.getByRole("radio", { name: "Purple" })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Create" }));
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls).toEqual([
      expect.objectContaining({
        method: "POST",
        pathname: "/api/qna/folders",
        body: { name: "Heroes", color: "purple" },
      }),
    ]);

    // Opened again, it starts afresh.
    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(screen.getByLabelText("Folder name")).toHaveValue("");
    expect(screen.getByRole("radio", { name: "Blue" })).toBeChecked();
  });

  it("shows the server's refusal and stays open", async () => {
    stubApi({
      "POST /api/qna/folders": {
        status: 400,
        body: { error: { code: "invalid", message: QNA_MESSAGES.folderNameTooLong } },
      },
    });
    const { user } = renderOpenDialog(CreateFolderDialog);
    await user.type(screen.getByLabelText("Folder name"), "Heroes");
    await user.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(QNA_MESSAGES.folderNameTooLong);
    expect(screen.getByRole("dialog", { name: "Create New Folder" })).toBeInTheDocument();
  });
});
