import { useParams } from 'react-router';
import { ProductDetailView } from '@/features/products/components/product-detail';
import { useProfile } from '@/features/profile/api/get-profile';

/** The share link needs the seller's nickname, which the profile feature owns. */
export function ProductDetailRoute() {
  const { productId = '' } = useParams();
  const profile = useProfile();
  return (
    <ProductDetailView key={productId} productId={productId} nickname={profile.data?.nickname} />
  );
}
