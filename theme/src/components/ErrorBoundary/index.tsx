import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface FallbackProps {
  error: unknown;
  /** Renders the children again (the crash may have been transient). */
  tryAgain(): void;
}

interface Props {
  fallback(props: FallbackProps): ReactNode;
  children: ReactNode;
}

/**
 * Catches a render error below it and shows `fallback` instead. React only offers this as a
 * class component. Give it a `key` that changes with the route so a new page starts clean.
 */
export class ErrorBoundary extends Component<Props, { error: unknown; failed: boolean }> {
  state = { error: null as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    // Keep the stack visible to whoever debugs the site; the fallback shows the message only.
    console.error(error, info.componentStack);
  }

  private tryAgain = () => this.setState({ error: null, failed: false });

  render() {
    if (this.state.failed) return this.props.fallback({ error: this.state.error, tryAgain: this.tryAgain });
    return this.props.children;
  }
}

/** The error's message followed by each message of its `cause` chain (cycles cut). */
export function errorMessages(error: unknown): string[] {
  const messages: string[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current != null && !seen.has(current) && messages.length < 10) {
    seen.add(current);
    messages.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return messages;
}
