import { Navigate } from 'react-router';
import { useAuth } from '../../../auth/useAuth';
import { useStaff } from '../../../api/staff';
import { errorText } from './staff-errors';
import { InviteForm } from './InviteForm';
import { InviteList, StaffList } from './StaffList';
import './staff.css';

/** /admin/staff (super_admins only): invite staff, change roles, deactivate and reactivate accounts. */
export default function StaffPage() {
  const { user } = useAuth();
  const { data, error, isFetching: loading, refetch } = useStaff();

  if (user && user.role !== 'super_admin') return <Navigate to="/admin" replace />;

  return (
    <div className="admin-page staff-page">
      <div className="admin-page__head">
        <h1>Staff</h1>
      </div>
      <InviteForm />
      {error && (
        <div className="admin-card" role="alert">
          <p className="admin-error">Could not load the staff list: {errorText(error)}</p>
          <button type="button" className="admin-button admin-button--small" onClick={() => void refetch()}>Try again</button>
        </div>
      )}
      {!data && loading && <p role="status" className="admin-muted">Loading staff…</p>}
      {data && (
        <>
          <InviteList invites={data.invites} />
          <StaffList staff={data.staff} youId={user?.id} />
        </>
      )}
    </div>
  );
}
