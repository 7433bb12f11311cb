// Punchline VR: reference stage display of the live feed for a VRChat world (UdonSharp).
//
// NOT COMPILED HERE. Written against VRChat's documented Udon API (VRCStringDownloader, VRCJson,
// synced variables, ownership); nobody can run VRChat on the project's machines. See
// docs/kiosk.md, "The live feed".
//
// One client polls, every 10 s, and syncs what it read to the room: every player polling would
// spend their one download per 5 s on it. That client is this object's owner (the first in the
// instance, to begin with). An owner whose downloads fail (untrusted URLs off, no network)
// hands ownership to the next player, so one player's settings never blank the board for all.
//
// Inspector: feedUrl = "https://SITE/api/live"; totalText and giftsText; kiosk: the kiosk in the
// world, so the owner's poll pauses while that player's own redemption is pending.

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
    // Failed polls in a row before the owner hands the poll to someone else.
    private const int FailuresBeforeHandOn = 2;

    [UdonSynced] private int _totalBoosts;
    [UdonSynced] private string _gifts = "";
    [UdonSynced] private bool _live;

    private int _failures;

    private void Start()
    {
        // Every client runs the loop; only the owner downloads.
        SendCustomEventDelayedSeconds(nameof(_Poll), 1f);
    }

    // Underscore-prefixed: no client can call it over the network and start a second loop.
    public void _Poll()
    {
        SendCustomEventDelayedSeconds(nameof(_Poll), PollSeconds);
        if (!Networking.IsOwner(gameObject)) return;
        // Downloads queue and run in random order: never put a poll ahead of a fan's code.
        if (kiosk != null && kiosk._IsPending()) return;
        VRCStringDownloader.LoadUrl(feedUrl, (IUdonEventReceiver)this);
    }

    public override void OnStringLoadSuccess(IVRCStringDownload result)
    {
        _failures = 0;
        if (!Networking.IsOwner(gameObject)) return;
        if (!VRCJson.TryDeserializeFromJson(result.Result, out DataToken json)
            || json.TokenType != TokenType.DataDictionary) return;
        DataDictionary feed = json.DataDictionary;
        // TryGetValue with a type: a missing or mistyped field keeps the last figures.
        if (!feed.TryGetValue("state", TokenType.String, out DataToken state)
            || !feed.TryGetValue("totalBoosts", TokenType.Double, out DataToken total)
            || !feed.TryGetValue("gifts", TokenType.DataList, out DataToken gifts)) return;
        string lines = "";
        DataList list = gifts.DataList;
        for (int i = 0; i < list.Count; i++)
        {
            if (list.TryGetValue(i, TokenType.DataDictionary, out DataToken gift)
                && gift.DataDictionary.TryGetValue("text", TokenType.String, out DataToken text))
            {
                lines += text.String + "\n";
            }
        }
        _live = state.String == "live";
        _totalBoosts = (int)total.Double;
        _gifts = lines;
        RequestSerialization();
        Show();
    }

    public override void OnStringLoadError(IVRCStringDownload result)
    {
        // Keep showing the last figures. After a few failures in a row this client is likely
        // the problem (code 0: untrusted URLs off or no network): let the next player poll.
        _failures++;
        if (_failures < FailuresBeforeHandOn || !Networking.IsOwner(gameObject)) return;
        _failures = 0;
        VRCPlayerApi next = NextPlayer();
        if (next != null) Networking.SetOwner(next, gameObject);
    }

    public override void OnDeserialization()
    {
        Show();
    }

    // Whether a show is on, as the owner last read it (synced): the board image reloads faster
    // then (PunchlineLiveBoard.cs).
    public bool _IsLive()
    {
        return _live;
    }

    // The player after this one by player id, wrapping round; null when alone.
    private VRCPlayerApi NextPlayer()
    {
        int count = VRCPlayerApi.GetPlayerCount();
        VRCPlayerApi[] players = new VRCPlayerApi[count];
        VRCPlayerApi.GetPlayers(players);
        int self = Networking.LocalPlayer.playerId;
        VRCPlayerApi after = null;
        VRCPlayerApi first = null;
        for (int i = 0; i < players.Length; i++)
        {
            VRCPlayerApi player = players[i];
            if (!Utilities.IsValid(player) || player.playerId == self) continue;
            if (first == null || player.playerId < first.playerId) first = player;
            if (player.playerId > self && (after == null || player.playerId < after.playerId)) after = player;
        }
        return after != null ? after : first;
    }

    private void Show()
    {
        totalText.text = _live ? _totalBoosts + " boosts tonight" : "";
        giftsText.text = _live ? _gifts : "";
    }
}
