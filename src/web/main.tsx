// First: it configures zod before any module builds a schema.
import "./app/zod-jitless";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppRoutes } from "./app/app-routes";
import { createQueryClient } from "./app/query-client";
import { OfflineBanner } from "./components/offline-banner";
import { UpdatePrompt } from "./components/update-prompt";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
const queryClient = createQueryClient();

// As a transition: the first render compiles much of React as it runs, and a transition gives a slow phone's
// browser back its thread every few milliseconds. index.html shows the same spinner meanwhile.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <OfflineBanner />
          <AppRoutes />
          <UpdatePrompt />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  ),
);

// The service worker (issue 26) once the page has loaded and its first screen is drawn (the browser's first idle
// moment after the load): installing it downloads and stores the app shell, about 1 MB, which on a phone's few
// cores would otherwise slow the first screen's own work. Not in development, where Vite serves the modules.
const whenIdle = (run: () => void) =>
  "requestIdleCallback" in window
    ? window.requestIdleCallback(run, { timeout: 5_000 })
    : setTimeout(run, 1_000);
if (import.meta.env.PROD)
  window.addEventListener("load", () =>
    whenIdle(() => {
      void import("./lib/service-worker").then(({ startServiceWorker }) => startServiceWorker());
    }),
  );
