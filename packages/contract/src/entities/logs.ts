// The scenario processing log and the application log.
import * as z from 'zod';
import { DateTimeUtc } from '../primitives';

export const ProcessingLogEntry = z.object({
  scenarioName: z.string(),
  scheduledDateTimeUtc: DateTimeUtc,
  startedDateTimeUtc: DateTimeUtc.nullable(),
  isolinesMissingDateTimeUtc: DateTimeUtc.nullable(),
  endedDateTimeUtc: DateTimeUtc.nullable(),
  userName: z.string(),
  /** Sent to global administrators only (null otherwise). */
  error: z.string().nullable(),
});
export type ProcessingLogEntry = z.infer<typeof ProcessingLogEntry>;

export const LogEntry = z.object({
  dateTimeUtc: DateTimeUtc,
  user: z.string(),
  source: z.string(),
  /** 8 information, 4 warning, 2 error. */
  eventType: z.union([z.literal(8), z.literal(4), z.literal(2)]),
  message: z.string(),
});
export type LogEntry = z.infer<typeof LogEntry>;
