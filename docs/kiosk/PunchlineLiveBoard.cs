// Punchline VR: reference board image for a VRChat world (UdonSharp).
//
// NOT COMPILED HERE. Written against VRChat's documented Udon API (VRCImageDownloader,
// TextureInfo); nobody can run VRChat on the project's machines. See docs/kiosk.md,
// "The board in the world".
//
// Every client loads the picture itself (a texture cannot be synced): every 10 s while a show is
// on, every 60 s otherwise. Never faster than one load per 5 s per client (VRChat's limit).
// The picture is 1024×512 (under the 2048×2048 limit); the URL must answer without a redirect,
// and a domain off VRChat's trusted list needs "Allow Untrusted URLs" on each player.
//
// Inspector: boardUrl = "https://SITE/api/live/board.png"; boardRenderer: the quad or panel
// that shows it (a 2:1 material); liveFeed: the world's PunchlineLiveFeed (optional), whose
// synced state says whether a show is on.

using UdonSharp;
using UnityEngine;
using VRC.SDK3.Image;
using VRC.SDKBase;
using VRC.Udon.Common.Interfaces;

public class PunchlineLiveBoard : UdonSharpBehaviour
{
    public VRCUrl boardUrl;
    public Renderer boardRenderer;
    public PunchlineLiveFeed liveFeed;

    private const float ShowSeconds = 10f;
    private const float IdleSeconds = 60f;

    private VRCImageDownloader _downloader;
    private Texture2D _shown;

    private void Start()
    {
        _downloader = new VRCImageDownloader();
        _Reload();
    }

    // Underscore-prefixed: no client can call it over the network and start a second loop.
    public void _Reload()
    {
        bool live = liveFeed != null && liveFeed._IsLive();
        SendCustomEventDelayedSeconds(nameof(_Reload), live ? ShowSeconds : IdleSeconds);
        TextureInfo info = new TextureInfo();
        info.GenerateMipMaps = true;
        info.WrapModeU = TextureWrapMode.Clamp;
        info.WrapModeV = TextureWrapMode.Clamp;
        // Loaded into a texture of its own; the material changes only once it has arrived.
        _downloader.DownloadImage(boardUrl, null, (IUdonEventReceiver)this, info);
    }

    public override void OnImageLoadSuccess(IVRCImageDownload result)
    {
        Texture2D previous = _shown;
        _shown = result.Result;
        boardRenderer.material.mainTexture = _shown;
        // Each load is a new texture: free the last one, or memory grows all evening.
        if (previous != null) Destroy(previous);
    }

    public override void OnImageLoadError(IVRCImageDownload result)
    {
        // Keep the last picture. Code 0 is usually "Allow Untrusted URLs" off on this client.
        Debug.Log("[PunchlineLiveBoard] " + result.Error + ": " + result.ErrorMessage);
    }

    private void OnDestroy()
    {
        if (_downloader != null) _downloader.Dispose();
    }
}
