import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type ComponentType, type ReactNode, useState } from "react";
import { MemoryRouter } from "react-router";
import { vi } from "vitest";
import { createQueryClient } from "../app/query-client";

/** Renders UI as the app does (a fresh query client, a router at `path`) and returns a user to drive it. */
export function renderWithApp(
  ui: ReactNode,
  {
    path = "/",
    user = userEvent.setup(),
    seed,
  }: {
    path?: string;
    user?: ReturnType<typeof userEvent.setup>;
    /** Puts data in the cache before the first render (the session, which the app reads before any screen). */
    seed?: (queryClient: QueryClient) => void;
  } = {},
) {
  const queryClient = createQueryClient();
  // A test asks once; retries would only slow down the failures it wants to see.
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    queries: { ...defaults.queries, retry: false },
    mutations: { retry: false },
  });
  seed?.(queryClient);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
  return { user, queryClient };
}

type DialogComponent = ComponentType<{ open: boolean; onOpenChange: (open: boolean) => void }>;

/** A dialog as its screen uses it: open at first, closing itself through onOpenChange, an "Open" button to reopen. */
export function renderOpenDialog(Dialog: DialogComponent, options?: Parameters<typeof renderWithApp>[1]) {
  function Harness() {
    const [open, setOpen] = useState(true);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        <Dialog open={open} onOpenChange={setOpen} />
      </>
    );
  }
  return renderWithApp(<Harness />, options);
}

/** Makes the page report `prefers-reduced-motion: reduce` (or not) through a stubbed matchMedia. */
export function reduceMotion(reduce: boolean) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: reduce && query === "(prefers-reduced-motion: reduce)",
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}
