import { call } from '../api/client';
import { SUPPORT_EMAIL } from './contact';

/** spec.md §8: ERR-{timestamp}-{random}. */
export function makeErrorId(now = Date.now()): string {
  return `ERR-${now}-${Math.random().toString(36).slice(2, 11)}`;
}

export interface ErrorReport {
  message: string;
  stack: string;
  componentStack: string;
  eventId: string;
  timestamp: string;
  userAgent: string;
  url: string;
}

export function buildErrorReport(error: Error, componentStack: string, eventId: string): ErrorReport {
  return {
    message: error.message || String(error),
    stack: error.stack ?? '',
    componentStack,
    eventId,
    timestamp: new Date().toISOString(),
    userAgent: navigator.userAgent,
    url: location.href,
  };
}

/** Fire-and-forget: a report that cannot be sent must never raise a second error. */
export function sendErrorReport(report: ErrorReport): void {
  call('errorReports', { body: report }).catch(() => {});
}

/** The 'Report this issue' mail draft to support, with the error details. */
export function reportMailto(report: ErrorReport): string {
  const subject = `Error report ${report.eventId}`;
  const body = [`Error ID: ${report.eventId}`, `Message: ${report.message}`, `Page: ${report.url}`, `Time: ${report.timestamp}`, `Browser: ${report.userAgent}`, '', 'What were you doing when this happened?', ''].join('\n');
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
