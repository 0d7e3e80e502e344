import Alert from 'react-bootstrap/Alert';

/** Why a form was refused, when it is not about one of its fields (rate limit, network, server). */
export function FormMessage({ message }: { message: string }) {
  if (!message) return null;
  return (
    <Alert variant="danger" className="small" data-testid="form-message">
      {message}
    </Alert>
  );
}
