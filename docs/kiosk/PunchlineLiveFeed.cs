// Punchline VR: reference stage display of the live feed for a VRChat world (UdonSharp).
//
// NOT COMPILED HERE. Written against VRChat's documented Udon API (VRCStringDownloader, VRCJson,
// synced variables); nobody can run VRChat on the project's machines. See docs/kiosk.md.
//
// One client polls (the instance master), every 10 s, and syncs what it read to the room:
// every player polling would spend their one download per 5 s on it.
// Set up in the inspector: feedUrl = "https://SITE/api/live"; totalText and giftsText.
// kiosk: this client's kiosk, so the poll pauses while a redemption is pending.

using UdonSharp;
using UnityEngine;
using UnityEngine.UI;
using VRC.SDK3.Data;
using VRC.SDK3.StringLoading;
using VRC.SDKBase;
using VRC.Udon.Common.Interfaces;

[UdonBehaviourSyncMode(BehaviourSyncMode.Manual)]
public class PunchlineLiveFeed : UdonSharpBehaviour
{
    public VRCUrl feedUrl;
    public Text totalText;
    public Text giftsText;
    public PunchlineKiosk kiosk;

    private const float PollSeconds = 10f;

    [UdonSynced] private int _totalBoosts;
    [UdonSynced] private string _gifts = "";
    [UdonSynced] private bool _live;

    private void Start()
    {
        SendCustomEventDelayedSeconds(nameof(Poll), 1f);
    }

    public void Poll()
    {
        SendCustomEventDelayedSeconds(nameof(Poll), PollSeconds);
        if (!Networking.IsMaster) return;
        // Downloads queue and run in random order: never put a poll ahead of a fan's code.
        if (kiosk != null && kiosk.IsPending()) return;
        VRCStringDownloader.LoadUrl(feedUrl, (IUdonEventReceiver)this);
    }

    public override void OnStringLoadSuccess(IVRCStringDownload result)
    {
        if (!VRCJson.TryDeserializeFromJson(result.Result, out DataToken json)
            || json.TokenType != TokenType.DataDictionary) return;
        DataDictionary feed = json.DataDictionary;
        _live = feed["state"].String == "live";
        _totalBoosts = (int)feed["totalBoosts"].Double;
        string lines = "";
        DataList gifts = feed["gifts"].DataList;
        for (int i = 0; i < gifts.Count; i++)
        {
            lines += gifts[i].DataDictionary["text"].String + "\n";
        }
        _gifts = lines;
        RequestSerialization();
        Show();
    }

    public override void OnStringLoadError(IVRCStringDownload result)
    {
        // Keep showing the last figures; the next poll tries again.
    }

    public override void OnDeserialization()
    {
        Show();
    }

    private void Show()
    {
        totalText.text = _live ? _totalBoosts + " boosts tonight" : "";
        giftsText.text = _live ? _gifts : "";
    }
}
