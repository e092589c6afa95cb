import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithApp } from "../../../test/render";
import { YourData } from "./your-data";

/** Stubs GET /api/profile/export; `gate` holds the answer back so the waiting state can be seen. */
function stubExport(answer: () => Response, gate?: Promise<void>) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), "http://localhost");
      if (gate) await gate;
      if (pathname !== "/api/profile/export") return new Response(null, { status: 404 });
      return answer();
    }),
  );
}

/** jsdom has neither object URLs nor downloads: record what the browser would have been given. */
function catchDownloads() {
  const saved: { name: string; href: string }[] = [];
  vi.stubGlobal(
    "URL",
    class extends URL {
      static createObjectURL = () => "blob:data";
      static revokeObjectURL = () => {};
    },
  );
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, href: this.href });
  });
  return saved;
}

describe("YourData", () => {
  it("downloads the data as the file the server named, showing that it is under way", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    stubExport(
      () =>
        new Response(JSON.stringify({ account: { email: "kid@example.com" } }), {
          headers: {
            "content-type": "application/json",
            "content-disposition": 'attachment; filename="lamplight-data-2026-05-01.json"',
          },
        }),
      gate,
    );
    const saved = catchDownloads();
    const { user } = renderWithApp(<YourData />);
    expect(screen.getByRole("heading", { name: "Your data" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Download my data" }));
    expect(screen.getByRole("button", { name: "Preparing your data..." })).toBeDisabled();
    release();

    expect(await screen.findByRole("status")).toHaveTextContent(
      "Your data was saved as lamplight-data-2026-05-01.json.",
    );
    expect(saved).toEqual([{ name: "lamplight-data-2026-05-01.json", href: "blob:data" }]);
    expect(screen.getByRole("button", { name: "Download my data" })).toBeEnabled();
  });

  it("says why a download failed, and saves nothing", async () => {
    stubExport(() =>
      Response.json({ error: { code: "x", message: "Something went wrong" } }, { status: 500 }),
    );
    const saved = catchDownloads();
    const { user } = renderWithApp(<YourData />);
    await user.click(screen.getByRole("button", { name: "Download my data" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Something went wrong");
    expect(saved).toEqual([]);
  });
});
