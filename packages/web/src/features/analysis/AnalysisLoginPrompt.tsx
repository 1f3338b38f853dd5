import { useState } from "react";
import { Button } from "../../components/Button.tsx";
import { CreateUserModal, LoginModal } from "../accounts/index.ts";
import { LOGIN_REQUIRED } from "./analysisStore.ts";

/**
 * SPEC §6's refusal for a guest, with the way out beside it: log in (or create an account) right here, and
 * the analysis starts once the account is known.
 */
export function AnalysisLoginPrompt() {
  const [open, setOpen] = useState<"login" | "create" | null>(null);
  return (
    <div className="analysis-login">
      <p className="analysis__error" role="alert">
        {LOGIN_REQUIRED}
      </p>
      <div className="analysis-login__buttons">
        <Button variant="primary" onClick={() => setOpen("login")}>
          Log in
        </Button>
        <Button onClick={() => setOpen("create")}>Create account</Button>
      </div>
      {open === "login" ? <LoginModal onClose={() => setOpen(null)} /> : null}
      {open === "create" ? <CreateUserModal onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
