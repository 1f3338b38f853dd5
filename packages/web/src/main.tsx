// Global styles first, so component styles that follow can refine them.
import "./styles/global.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { IdentityProvider } from "./features/accounts/index.ts";
import { createRouter } from "./router.tsx";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <IdentityProvider>
      <RouterProvider router={createRouter()} />
    </IdentityProvider>
  </StrictMode>,
);
