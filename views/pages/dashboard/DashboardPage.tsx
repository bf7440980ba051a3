// / : the signed-in home. The checklist, action cards and widgets arrive with the dashboard work;
// until then the page greets the provider and says so.
export interface DashboardPageProps { greeting: string; name: string; status: string }

export function DashboardPage({ greeting, name, status }: DashboardPageProps) {
  return (
    <>
      <p className="lead">{`${greeting}, ${name}!`}</p>
      <div className="card">
        <p>Profile status: <strong>{status === 'active' ? 'Profile Live' : status.charAt(0).toUpperCase() + status.slice(1)}</strong></p>
        <p>Your profile checklist, action cards and upcoming consultations will appear here soon.</p>
      </div>
    </>
  );
}

export function NoProfilePage() {
  return (
    <div className="card">
      <p>You do not have access to this part of the Members Portal</p>
      <p><a href="/contact">Contact support</a> if you think this is wrong.</p>
    </div>
  );
}
