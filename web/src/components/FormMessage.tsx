/**
 * Why a form was refused, when it is not about one of its fields (rate limit, network, server).
 * Bootstrap's alert markup, not react-bootstrap's Alert: its transition code would be most of what a
 * public page that shows this (the badge list) downloads besides its own code.
 */
export function FormMessage({ message }: { message: string }) {
  if (!message) return null;
  return (
    <div role="alert" className="alert alert-danger small" data-testid="form-message">
      {message}
    </div>
  );
}
