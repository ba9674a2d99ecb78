import { Component, type ErrorInfo, type ReactNode } from 'react';
import { buildErrorReport, makeErrorId, sendErrorReport } from './error-report';

/** The app-wide error screen: the last line of defence, it only offers a full refresh. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { eventId: string | null }> {
  override state = { eventId: null as string | null };

  static getDerivedStateFromError() {
    return { eventId: makeErrorId() };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    sendErrorReport(buildErrorReport(error, info.componentStack ?? '', this.state.eventId ?? makeErrorId()));
  }

  override render() {
    if (!this.state.eventId) return this.props.children;
    return (
      <main className="error-screen error-screen--app" role="alert">
        <h1>Oops! Something went wrong</h1>
        <p>The shop stopped unexpectedly. Refreshing usually fixes it.</p>
        <p className="error-screen__id">Error ID: <code>{this.state.eventId}</code></p>
        <button type="button" className="btn btn--primary" onClick={() => location.reload()}>Refresh Page</button>
      </main>
    );
  }
}
