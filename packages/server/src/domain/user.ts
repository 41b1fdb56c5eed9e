// The signed-in user as the domain sees him: who he is and which models he
// reaches. Loaded per request from the database (http/current-user.ts);
// userIsAdmin and userIsGlobalAdmin come from here, never from the token.

export interface CurrentUser {
  id: number;
  subject: string;
  title: string;
  email: string | null;
  isGlobalAdmin: boolean;
  /** modelId → isAdmin, for every model the user has access to. */
  models: Map<number, boolean>;
  /**
   * With the built-in provider: when the login's password was last set (ms
   * since 1970); tokens issued before it are refused. Undefined with an
   * external provider.
   */
  passwordChangedAt?: number;
}
