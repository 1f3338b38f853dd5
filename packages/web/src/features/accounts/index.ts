export { accountsApi } from "./accountsApi.ts";
export { ChangePasswordForm } from "./ChangePasswordForm.tsx";
export { CloseAccount } from "./CloseAccount.tsx";
export { CreateUserModal } from "./CreateUserModal.tsx";
export { IdentityBadge } from "./IdentityBadge.tsx";
export {
  IdentityContext,
  type IdentityContextValue,
  IdentityProvider,
  type IdentityRealtime,
  useIdentity,
} from "./IdentityProvider.tsx";
export { displayName, type Identity } from "./identityStore.ts";
export { LoginModal } from "./LoginModal.tsx";
