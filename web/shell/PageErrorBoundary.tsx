import { Component, type ErrorInfo, type ReactNode } from 'react';
import { buildErrorReport, makeErrorId, reportMailto, sendErrorReport, type ErrorReport } from './error-report';

export const MAX_PAGE_RETRIES = 3;

interface State {
  report: ErrorReport | null;
  retries: number;
}

/**
 * The page-level error screen of spec.md §8: error ID, up to 3 'Try Again' attempts (then
 * 'Max Retries Reached'), Refresh Page, Go Home and a 'Report this issue' mail draft. Each crash
 * is reported to POST /api/errors.
 */
interface Props {
  children: ReactNode;
  /** What the visitor keeps despite the crash (the shop: the cart; the admin: queued changes). */
  note?: string;
  /** Where 'Go Home' leads: the shop's home, or the dashboard's. */
  homeHref?: string;
}

export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { report: null, retries: 0 };

  static getDerivedStateFromError(): Partial<State> {
    return { report: { message: '', stack: '', componentStack: '', eventId: makeErrorId(), timestamp: '', userAgent: '', url: '' } };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    const report = buildErrorReport(error, info.componentStack ?? '', this.state.report?.eventId ?? makeErrorId());
    this.setState({ report });
    sendErrorReport(report);
  }

  private retry = () => {
    this.setState((state) => ({ report: null, retries: state.retries + 1 }));
  };

  override render() {
    const { report, retries } = this.state;
    if (!report) return this.props.children;
    const exhausted = retries >= MAX_PAGE_RETRIES;
    return (
      <section className="error-screen" role="alert" aria-labelledby="page-error-title">
        <p className="error-screen__icon" aria-hidden="true">💔</p>
        <h1 id="page-error-title">Oops! Something went wrong</h1>
        <p>{this.props.note ?? 'This page hit a snag. Your cart is safe.'}</p>
        <p className="error-screen__id">
          Error ID: <code>{report.eventId}</code>
        </p>
        <div className="error-screen__actions">
          <button type="button" className="btn btn--primary" onClick={this.retry} disabled={exhausted}>
            {exhausted ? 'Max Retries Reached' : `Try Again (${retries}/${MAX_PAGE_RETRIES})`}
          </button>
          <button type="button" className="btn btn--secondary" onClick={() => location.reload()}>Refresh Page</button>
          <a className="btn btn--secondary" href={this.props.homeHref ?? '/'}>Go Home</a>
        </div>
        <a className="link" href={reportMailto(report)}>Report this issue</a>
      </section>
    );
  }
}
