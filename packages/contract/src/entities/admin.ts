// The admin entities: users and their model access, logins
// of the directory, and scenario processing counts.
import * as z from 'zod';
import { ValidationMessage } from '../messages';
import { Count, Id, limitedText, MAX_LIST_ITEMS, TextLimit } from '../primitives';

export const User = z.object({ id: Id, title: limitedText('title', TextLimit.name) });
export type User = z.infer<typeof User>;

/** One model in a user's access editor. */
export const UserModelAccess = z.object({ id: Id, name: limitedText('name', TextLimit.name), hasAccess: z.boolean(), isAdmin: z.boolean() });
export type UserModelAccess = z.infer<typeof UserModelAccess>;

/** One user in a model's access editor; deletedFromAzureAd 1 marks an orphan removed from the directory. */
export const ModelUser = z.object({
  id: Id,
  title: limitedText('title', TextLimit.name),
  hasAccess: z.boolean(),
  isAdmin: z.boolean(),
  deletedFromAzureAd: z.union([z.literal(0), z.literal(1)]),
});
export type ModelUser = z.infer<typeof ModelUser>;

/** A model in the admin list. */
export const AdminModel = z.object({ id: Id, name: limitedText('name', TextLimit.name) });
export type AdminModel = z.infer<typeof AdminModel>;

/** The directory's own id of a login (a GUID in Microsoft Entra ID), not a database id. */
export const LoginId = z.string().min(1).max(200);

export const Login = z.object({
  id: LoginId,
  displayName: z.string(),
  /** The sign-in name. */
  identity: z.string(),
  /** Multi-factor authentication is set up. */
  mfa: z.boolean(),
  email: z.string(),
  /** Only in the answer that created the login; null in lists. */
  password: z.string().nullable(),
});
export type Login = z.infer<typeof Login>;

/** local@domain.tld, the ending of 2 or 3 letters. */
export const EmailPattern = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,3}$/;

export const LoginCreateBody = z.object({
  displayName: z
    .string({ error: ValidationMessage.displayNameIsRequired })
    .trim()
    .min(1, { error: ValidationMessage.displayNameIsRequired })
    .max(TextLimit.name, { error: `displayName must be at most ${TextLimit.name} characters` }),
  email: z
    .string({ error: ValidationMessage.emailIsRequired })
    .trim()
    .min(1, { error: ValidationMessage.emailIsRequired })
    .max(TextLimit.email, { error: `email must be at most ${TextLimit.email} characters` })
    .regex(EmailPattern, { error: ValidationMessage.emailIsInvalid }),
});
export type LoginCreateBody = z.infer<typeof LoginCreateBody>;

/** A login's editable fields (PUT /api/admin/logins). */
export const LoginUpdateBody = LoginCreateBody.extend({ id: LoginId });
export type LoginUpdateBody = z.infer<typeof LoginUpdateBody>;

/** The JSON block shown after a login is created, with the spec's keys. */
export const CreatedLogin = z.object({
  ID: LoginId,
  IsAdmin: z.literal(false),
  DisplayName: z.string(),
  Email: z.string(),
  Password: z.string(),
});
export type CreatedLogin = z.infer<typeof CreatedLogin>;

/** Scenario processing counts of one model. */
export const ScenarioStatusEntry = z.object({
  /** The model whose scenarios are counted (start-processing-unprocessed takes it). */
  modelId: Id,
  name: z.string(),
  total: Count,
  unprocessed: Count,
  processing: Count,
  completed: Count,
  failed: Count,
});
export type ScenarioStatusEntry = z.infer<typeof ScenarioStatusEntry>;

/** Admin needs access (the admin checkbox is disabled without access). */
function adminNeedsAccess(list: 'users' | 'models') {
  return (rows: { hasAccess: boolean; isAdmin: boolean }[], ctx: z.RefinementCtx) => {
    rows.forEach((row, index) => {
      if (row.isAdmin && !row.hasAccess) {
        ctx.addIssue({ code: 'custom', path: [index, 'isAdmin'], message: `${list}.${index}: isAdmin needs hasAccess` });
      }
    });
  };
}

export const ModelUsersSaveBody = z.object({ model: AdminModel, users: z.array(ModelUser).max(MAX_LIST_ITEMS).superRefine(adminNeedsAccess('users')) });
export type ModelUsersSaveBody = z.infer<typeof ModelUsersSaveBody>;

export const UserModelsSaveBody = z.object({ user: User, models: z.array(UserModelAccess).max(MAX_LIST_ITEMS).superRefine(adminNeedsAccess('models')) });
export type UserModelsSaveBody = z.infer<typeof UserModelsSaveBody>;

export const UserSyncResult = z.object({
  added: Count,
  updated: Count,
  /** Users no longer in the directory, now marked deletedFromAzureAd. */
  markedDeleted: Count,
});
export type UserSyncResult = z.infer<typeof UserSyncResult>;

export const StartProcessingUnprocessedResult = z.object({ modelId: Id, scenarioCount: Count });
export type StartProcessingUnprocessedResult = z.infer<typeof StartProcessingUnprocessedResult>;

export const LoginDeleted = z.object({ id: LoginId, deleted: z.literal(true) });
export type LoginDeleted = z.infer<typeof LoginDeleted>;
