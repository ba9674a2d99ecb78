import { useCallback, useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import type { StaffListAnswer } from '../../../../shared/api/staff-answers';
import { useAuth } from '../../../auth/useAuth';
import { fetchStaff } from './staff-api';
import { errorText } from './staff-errors';
import { InviteForm } from './InviteForm';
import { InviteList, StaffList } from './StaffList';
import './staff.css';

/** /admin/staff (super_admins only): invite staff, change roles, deactivate and reactivate accounts. */
export default function StaffPage() {
  const { user } = useAuth();
  const [data, setData] = useState<StaffListAnswer | null>(null);
  const [error, setError] = useState('');
  const [loading, setLoading] = useState(true);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setData(await fetchStaff());
      setError('');
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  if (user && user.role !== 'super_admin') return <Navigate to="/admin" replace />;

  return (
    <div className="admin-page staff-page">
      <div className="admin-page__head">
        <h1>Staff</h1>
      </div>
      <InviteForm onInvited={() => void load()} />
      {error && (
        <div className="admin-card" role="alert">
          <p className="admin-error">Could not load the staff list: {error}</p>
          <button type="button" className="admin-button admin-button--small" onClick={() => void load()}>Try again</button>
        </div>
      )}
      {!data && loading && <p role="status" className="admin-muted">Loading staff…</p>}
      {data && (
        <>
          <InviteList invites={data.invites} onChanged={() => void load()} />
          <StaffList staff={data.staff} youId={user?.id} onChanged={() => void load()} />
        </>
      )}
    </div>
  );
}
