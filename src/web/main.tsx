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
import { whenFirstScreenSettled } from "./lib/first-screen";
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

// The service worker (issue 26) once the page has loaded and its first screen is drawn with its reads and
// first pictures, at the browser's next idle moment: installing it downloads and stores the app shell, about
// 1 MB, which on a phone's slow connection and few cores would otherwise hold back the first screen's own
// downloads and work. Not in development, where Vite serves the modules.
const whenIdle = (run: () => void) =>
  "requestIdleCallback" in window
    ? window.requestIdleCallback(run, { timeout: 5_000 })
    : setTimeout(run, 1_000);
if (import.meta.env.PROD)
  window.addEventListener("load", () =>
    whenFirstScreenSettled(() => queryClient.isFetching() > 0).then(() =>
      whenIdle(() => {
        void import("./lib/service-worker").then(({ startServiceWorker }) => startServiceWorker());
      }),
    ),
  );
