import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPanel } from '@/components/ErrorPanel';

interface ErrorBoundaryState {
  hasError: boolean;
}

/** Any uncaught render error (or a lazy chunk that fails to load) shows the generic error panel. */
export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { hasError: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { hasError: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Uncaught render error:', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.hasError ? <ErrorPanel /> : this.props.children;
  }
}
