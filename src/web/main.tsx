// First: it configures zod before any module builds a schema.
import "./app/zod-jitless";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { AppRoutes } from "./app/app-routes";
import { createQueryClient } from "./app/query-client";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// As a transition: the first render compiles much of React as it runs, and a transition gives a slow phone's
// browser back its thread every few milliseconds. index.html shows the same spinner meanwhile.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  ),
);
